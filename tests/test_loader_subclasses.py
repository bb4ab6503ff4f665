"""A project's DataLoader subclass is read as torch's DataLoader only where what the call gives
reaches torch unchanged; any doubt leaves it unread, and its loaders unreported."""

from __future__ import annotations

import textwrap

import pytest

from conftest import codes_of, lint_text

LOOP = """
def train(model, optimizer, dataset):
    loader = {call}
    for epoch in range(10):
        for x, y in loader:
            loss = model(x.cuda(), y.cuda())
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
"""


def lint_subclass(definition: str, call: str) -> list[str]:
    source = "import torch\nfrom torch.utils.data import DataLoader\n\n" + textwrap.dedent(definition) + LOOP.format(call=call)
    return codes_of(lint_text(source, select=["DL002"]))


@pytest.mark.parametrize(
    "definition",
    [
        # torch's constructor named through the base, with the instance passed by hand
        """
        class Loader(DataLoader):
            def __init__(self, dataset, batch_size=1, pin_memory=False):
                DataLoader.__init__(self, dataset, batch_size, pin_memory=pin_memory)
        """,
        # every other argument handed on through **kwargs
        """
        class Loader(torch.utils.data.DataLoader):
            def __init__(self, dataset, batch_size=1, **kwargs):
                super(Loader, self).__init__(dataset, batch_size, **kwargs)
        """,
        # every argument, by position or keyword, handed on whole
        """
        class Loader(DataLoader):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                assert self.batch_size > 0
        """,
        # no constructor of its own
        """
        class Loader(DataLoader):
            def __len__(self):
                return 3
        """,
        # hands everything on, then sets its own collate function on the instance: the memory
        # the batches come in is still what the call asked for
        """
        class Loader(DataLoader):
            def __init__(self, *args, **kwargs):
                super(Loader, self).__init__(*args, **kwargs)
                self.collate_fn = make_batch
        """,
    ],
)
def test_a_subclass_that_hands_its_arguments_on_is_read_as_a_dataloader(definition):
    assert lint_subclass(definition, "Loader(dataset, batch_size=8)") == ["DL002"]


@pytest.mark.parametrize(
    "definition",
    [
        # pins by default: the call needs no pin_memory
        """
        class Loader(DataLoader):
            def __init__(self, dataset, batch_size=1, pin_memory=True):
                super().__init__(dataset, batch_size, pin_memory=pin_memory)
        """,
        # decides pin_memory from what it was given
        """
        class Loader(DataLoader):
            def __init__(self, dataset, pin_memory=False, **kwargs):
                pin_memory = pin_memory or torch.cuda.is_available()
                super().__init__(dataset, pin_memory=pin_memory, **kwargs)
        """,
        # changes the keyword arguments before handing them on
        """
        class Loader(DataLoader):
            def __init__(self, dataset, **kwargs):
                kwargs.setdefault("pin_memory", True)
                super().__init__(dataset, **kwargs)
        """,
        # swallows the keyword arguments: a pin_memory given to it would never reach torch
        """
        class Loader(DataLoader):
            def __init__(self, dataset, batch_size=1, **kwargs):
                super().__init__(dataset, batch_size)
        """,
        # hands everything on, then sets a loader setting of its own on the instance
        """
        class Loader(DataLoader):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.pin_memory = True
        """,
        # hands pin_memory on by name, then sets it again on the instance
        """
        class Loader(DataLoader):
            def __init__(self, dataset, batch_size=1, pin_memory=False):
                super().__init__(dataset, batch_size, pin_memory=pin_memory)
                self.pin_memory = torch.cuda.is_available()
        """,
        # takes arguments it hands on by position, after dropping one
        """
        class Loader(DataLoader):
            def __init__(self, *args, **kwargs):
                args = args[1:]
                super().__init__(*args, **kwargs)
        """,
        # iterates in its own way (a background thread, batches moved by itself)
        """
        class Loader(DataLoader):
            def __iter__(self):
                return iter(super().__iter__())
        """,
        # another base besides torch's
        """
        class Loader(DataLoader, object):
            pass
        """,
    ],
)
def test_a_subclass_that_decides_itself_is_not_reported(definition):
    assert lint_subclass(definition, "Loader(dataset, batch_size=8)") == []


def test_pin_memory_the_call_gives_a_subclass_is_read():
    definition = """
    class Loader(DataLoader):
        def __init__(self, dataset, batch_size=1, pin_memory=False):
            super().__init__(dataset, batch_size, pin_memory=pin_memory)
    """
    assert lint_subclass(definition, "Loader(dataset, 8, True)") == []
    assert lint_subclass(definition, "Loader(dataset, 8, pin_memory=False)") == ["DL002"]
