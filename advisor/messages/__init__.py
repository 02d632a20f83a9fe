"""The one bilingual message catalog and its notes: what the product says, in RU and EN.

The engine and the services return `Note`s (a catalog id and parameters); every face
renders them with `render` in the reader's language.
"""

from advisor.messages.catalog import M
from advisor.messages.note import (
    Note,
    Param,
    Text,
    both,
    english,
    english_all,
    note,
    placeholders,
    render,
    render_all,
    task_note,
    use_case_note,
)

__all__ = [
    "M",
    "Note",
    "Param",
    "Text",
    "both",
    "english",
    "english_all",
    "note",
    "placeholders",
    "render",
    "render_all",
    "task_note",
    "use_case_note",
]
