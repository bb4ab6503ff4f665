"""`advise server`, the language server: diagnostics and code actions from the lint, for editors.

Imported only by the `server` command: pygls and lsprotocol come with the `server` extra."""
