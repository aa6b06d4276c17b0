"""The Arrow import refuses what it must not read: capsules whose array or schema was already
consumed (their buffers may be freed), and producers that hand over something that is not a
string array, before any buffer is read. pyarrow refuses the same inputs; so must urilex."""

import gc

import pyarrow as pa
import pytest

import urilex.arrow


class Capsules:
    """A producer that hands back the same two capsules every time it is asked."""

    def __init__(self, capsules):
        self.capsules = capsules

    def __arrow_c_array__(self, requested_schema=None):
        return self.capsules


def consumed_capsules(values):
    """Capsules of `values` that pyarrow has already imported (moved out of)."""
    capsules = pa.array(values).__arrow_c_array__()
    pa.Array._import_from_c_capsule(*capsules)
    return capsules


@pytest.mark.parametrize("kernel", [urilex.arrow.host, urilex.arrow.normalize, urilex.arrow.parse])
def test_consumed_capsules_are_refused_before_any_buffer_is_read(kernel):
    urls = ["http://h/%d" % i for i in range(2000)] * 100
    capsules = consumed_capsules(urls)
    gc.collect()  # the imported array is gone: its buffers are freed
    for _ in range(20):
        with pytest.raises(ValueError, match="released"):
            kernel(Capsules(capsules))
    # pyarrow says the same.
    with pytest.raises(Exception, match="released"):
        pa.Array._import_from_c_capsule(*capsules)


def test_a_capsule_imported_by_urilex_cannot_be_imported_again():
    capsules = pa.array(["http://a/", "http://b/"]).__arrow_c_array__()
    assert urilex.arrow.host(Capsules(capsules)).to_pylist() == ["a", "b"]
    with pytest.raises(ValueError, match="released"):
        urilex.arrow.host(Capsules(capsules))


def test_a_released_schema_alone_is_refused():
    schema, array = pa.array(["http://a/"]).__arrow_c_array__()
    pa.DataType._import_from_c_capsule(schema)  # consumes the schema only
    with pytest.raises(ValueError, match="ArrowSchema is released"):
        urilex.arrow.host(Capsules((schema, array)))


@pytest.mark.parametrize("values, type_", [
    ([1, 2, 3], pa.int64()),
    ([b"http://a/"], pa.binary()),
    ([["http://a/"]], pa.list_(pa.string())),
    (["http://a/"], pa.dictionary(pa.int32(), pa.string())),
])
def test_a_producer_of_another_type_is_refused_not_misread(values, type_):
    arr = pa.array(values, type=type_)
    with pytest.raises(TypeError, match="cannot import the Arrow array"):
        urilex.arrow.host(Capsules(arr.__arrow_c_array__()))


def test_mixed_capsules_of_two_producers_are_refused_by_type():
    # A schema that says int64 beside a string array's ArrowArray: the schema decides, and
    # it is not a string type.
    schema, _ = pa.array([1]).__arrow_c_array__()
    _, array = pa.array(["http://a/"]).__arrow_c_array__()
    with pytest.raises(TypeError, match="format"):
        urilex.arrow.host(Capsules((schema, array)))


def test_string_kinds_still_import():
    for t in [pa.string(), pa.large_string(), pa.string_view()]:
        arr = pa.array(["http://a/", None, ""], type=t)
        assert urilex.arrow.host(Capsules(arr.__arrow_c_array__())).to_pylist() == ["a", None, None]
        empty = pa.array([], type=t)
        assert urilex.arrow.host(Capsules(empty.__arrow_c_array__())).to_pylist() == []
