"""The report: the JSON document and its schema, the text and HTML renderings, and the reading
of a saved report for `advise compare`."""
