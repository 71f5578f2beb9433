"""Outside input is read within bounds: regular UTF-8 files, sane JSON (issue 11 items 2-4, 6)."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warjudge.core.errors import InputError
from warjudge.core.textinput import load_json, read_user_file


def test_deep_nesting_is_refused_without_recursion():
    with pytest.raises(InputError, match="nested more than 64 levels"):
        load_json("[" * 100_000 + "]" * 100_000, "document")


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert load_json('{"a": "[[[[[[' + "[" * 200 + '\\"{{"}', "document") == {"a": "[[[[[[" + "[" * 200 + '"{{'}


@pytest.mark.parametrize("text, message", [
    ("1" * 4301, "a number in it is too long"),
    ('{"a": NaN}', "NaN is not a JSON number"),
    ("[1, 2", "document: not JSON: Expecting"),
])
def test_unusable_json_is_an_input_error(text, message):
    with pytest.raises(InputError, match=message):
        load_json(text, "document")


def test_devices_and_pipes_are_never_read(tmp_path):
    with pytest.raises(InputError, match="not a regular file"):
        read_user_file("/dev/zero", "map")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_user_file(fifo, "map")
    with pytest.raises(InputError, match="Is a directory|not a regular file"):
        read_user_file(tmp_path, "map")


def test_missing_large_and_non_utf8_files(tmp_path):
    with pytest.raises(InputError, match="No such file"):
        read_user_file(tmp_path / "missing.json", "map")
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(InputError, match="larger than 100 bytes"):
        read_user_file(big, "map", max_bytes=100)
    latin = tmp_path / "latin"
    latin.write_bytes("Khazad-d\u00fbm".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8 text"):
        read_user_file(latin, "orders")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}":,0123456789eE.-+ntrufalsNIy\\', max_size=400))
def test_any_text_parses_or_gives_an_input_error(text):
    try:
        load_json(text, "document")
    except InputError:
        pass


def test_unusable_names_are_an_input_error_not_an_os_error(tmp_path):
    # issue 11 item 5 sibling: a 4,301-digit file name raised OSError (File name too long)
    from warjudge.core.textinput import path_exists

    assert path_exists(tmp_path) and not path_exists(tmp_path / "missing")
    with pytest.raises(InputError, match="cannot use this name: File name too long"):
        path_exists("9" * 4301)
    with pytest.raises(InputError, match="cannot use this name"):
        path_exists("a\0b")
