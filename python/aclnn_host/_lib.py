"""The shared library and its C entry points (aclnn_host/resize.h), through
ctypes: no compilation against Python or torch. ctypes releases the GIL while
the library runs."""
import ctypes as C
import os
import threading
from pathlib import Path

# aclnn_host::DataType
FLOAT32, FLOAT16, BFLOAT16, FLOAT64, UINT8 = 0, 1, 2, 3, 4
# aclnn_host::ResizeMode
NEAREST, NEAREST_EXACT, LINEAR, CUBIC = 0, 1, 2, 3
# aclnn_host::StatusCode
OK, NULL_POINTER, INVALID_ARGUMENT, OUT_OF_MEMORY = 0, 1, 2, 3

MAX_RANK = 5  # the longest shape the C entry point is handed


def _load():
    path = os.environ.get("ACLNN_HOST_LIBRARY") or str(Path(__file__).with_name("libaclnn_host.so"))
    lib = C.CDLL(path)
    i64p = C.POINTER(C.c_int64)
    lib.aclnn_host_resize.restype = C.c_int
    lib.aclnn_host_resize.argtypes = [
        C.c_int, C.c_int, C.c_int, C.c_int, C.c_int, C.POINTER(C.c_double),
        C.c_void_p, C.c_int, i64p, i64p, C.c_void_p, C.c_int, i64p, i64p, C.c_char_p, C.c_size_t]
    lib.aclnn_host_resize_supports.restype = C.c_int
    lib.aclnn_host_resize_supports.argtypes = [C.c_int] * 5
    lib.aclnn_host_set_num_threads.restype = None
    lib.aclnn_host_set_num_threads.argtypes = [C.c_int]
    lib.aclnn_host_get_num_threads.restype = C.c_int
    lib.aclnn_host_get_num_threads.argtypes = []
    lib.aclnn_host_use_openmp.restype = C.c_int
    lib.aclnn_host_use_openmp.argtypes = [C.c_int]
    lib.aclnn_host_simd_target.restype = C.c_char_p
    lib.aclnn_host_simd_target.argtypes = []
    return lib


LIB = _load()
_resize = LIB.aclnn_host_resize


class LibraryError(Exception):
    """A status the library returned, with its message and code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def supports(mode, antialias, backward, dtype, rank):
    return bool(LIB.aclnn_host_resize_supports(mode, int(antialias), int(backward), dtype, rank))


_Int64s = C.c_int64 * MAX_RANK
_Doubles = C.c_double * MAX_RANK
_MESSAGE_BYTES = 512
_local = threading.local()  # one message buffer per thread (ctypes drops the GIL during a call)


def run(mode, antialias, backward, align_corners, scales, rank, src, src_dtype, src_shape,
        src_strides, dst, dst_dtype, dst_shape, dst_strides):
    """One call of the library on raw views (pointers, shapes and strides in
    elements); raises LibraryError with the library's message on failure."""
    msg = getattr(_local, "message", None)
    if msg is None:
        msg = _local.message = C.create_string_buffer(_MESSAGE_BYTES)
    code = _resize(mode, int(antialias), int(backward), int(align_corners), rank,
                   _Doubles(*scales), src, src_dtype, _Int64s(*src_shape), _Int64s(*src_strides),
                   dst, dst_dtype, _Int64s(*dst_shape), _Int64s(*dst_strides), msg,
                   _MESSAGE_BYTES)
    if code != OK:
        raise LibraryError(code, msg.value.decode(errors="replace"))
