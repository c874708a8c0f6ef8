"""aclnn-host from Python: CANN's resize operators on the CPU.

    import aclnn_host
    y = aclnn_host.interpolate(x, size=(224, 224), mode="bicubic", antialias=True)
    dx = aclnn_host.interpolate_backward(dy, x.shape, mode="bicubic", antialias=True)

    import aclnn_host.torch
    aclnn_host.torch.enable()   # F.interpolate (forward and backward) runs on aclnn-host

The numpy API has the semantics of torch.nn.functional.interpolate (PyTorch
1.13), for every mode and rank the library implements (see modes()); results
are bitwise identical for any thread count."""
import math
import operator

import numpy as np

from . import _lib
from ._lib import LibraryError

__all__ = ["interpolate", "interpolate_backward", "modes", "set_num_threads", "get_num_threads",
           "simd_target", "LibraryError"]

# F.interpolate's mode names -> (library mode, spatial dims the mode requires or None).
MODES = {
    "nearest": (_lib.NEAREST, None),
    "nearest-exact": (_lib.NEAREST_EXACT, None),
    "linear": (_lib.LINEAR, 1),
    "bilinear": (_lib.LINEAR, 2),
    "trilinear": (_lib.LINEAR, 3),
    "bicubic": (_lib.CUBIC, 2),
}
NUMPY_DTYPES = {np.dtype(np.float32): _lib.FLOAT32, np.dtype(np.float16): _lib.FLOAT16,
                np.dtype(np.float64): _lib.FLOAT64, np.dtype(np.uint8): _lib.UINT8}


def modes():
    """(mode, antialias, rank) triples the library runs forward and backward
    for float32 (F.interpolate's names)."""
    out = []
    for name, (mode, spatial) in MODES.items():
        for rank in (3, 4, 5):
            if spatial is not None and rank - 2 != spatial:
                continue
            for aa in (False, True) if name in ("bilinear", "bicubic") else (False,):
                if all(_lib.supports(mode, aa, b, _lib.FLOAT32, rank) for b in (False, True)):
                    out.append((name, aa, rank))
    return out


def set_num_threads(n):
    _lib.LIB.aclnn_host_set_num_threads(int(n))


def get_num_threads():
    return _lib.LIB.aclnn_host_get_num_threads()


def simd_target():
    return _lib.LIB.aclnn_host_simd_target().decode()


def resolve(rank, in_spatial, size, scale_factor, mode, align_corners, antialias,
            recompute_scale_factor=None):
    """F.interpolate's argument rules and their order (1.13): returns (library
    mode, output spatial size, scales for the op (0.0 = not given),
    align_corners). Raises ValueError/NotImplementedError/RuntimeError as
    F.interpolate does for the same mistake."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
        align_corners = False
    elif align_corners is None:
        align_corners = False
    spatial = rank - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        sizes = list(size) if isinstance(size, (list, tuple)) else [size] * max(spatial, 0)
        if isinstance(size, (list, tuple)) and len(sizes) != spatial:
            raise ValueError("Input and output must have the same number of spatial dimensions, "
                             "but got input with spatial dimensions of %s and output size of %s. "
                             "Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                             "output size in (o1, o2, ...,oK) format." % (list(in_spatial), sizes))
        # PyTorch's ops take integer sizes (a float is a TypeError there).
        out = [operator.index(s) for s in sizes]
        scales = [0.0] * spatial
    elif scale_factor is not None:
        factors = (list(scale_factor) if isinstance(scale_factor, (list, tuple))
                   else [scale_factor] * max(spatial, 0))
        if isinstance(scale_factor, (list, tuple)) and len(factors) != spatial:
            raise ValueError("Input and scale_factor must have the same number of spatial "
                             "dimensions, but got input with spatial dimensions of %s and "
                             "scale_factor of shape %s." % (list(in_spatial), factors))
        out = [_scaled_size(i, f) for i, f in zip(in_spatial, factors)]
        scales = [0.0] * spatial if recompute_scale_factor else [float(f) for f in factors]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if antialias and not (mode in ("bilinear", "bicubic") and rank == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if mode == "area":
        raise NotImplementedError("mode 'area' is adaptive average pooling, not a resize of "
                                  "this library")
    if mode not in MODES:
        raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got "
                                  "%dD) for the modes: nearest | linear | bilinear | bicubic | "
                                  "trilinear | area | nearest-exact (got %s)" % (rank, mode))
    if rank not in (3, 4, 5):
        raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got "
                                  "%dD) for the modes: nearest | linear | bilinear | bicubic | "
                                  "trilinear | area | nearest-exact (got %s)" % (rank, mode))
    lib_mode, needs = MODES[mode]
    if needs is not None and needs != spatial:
        raise NotImplementedError("Got %dD input, but %s mode needs %dD input" %
                                  (rank, mode, needs + 2))
    if any(o <= 0 for o in out) or any(i <= 0 for i in in_spatial):
        raise RuntimeError("Input and output sizes should be greater than 0, but got input %s "
                           "and output %s" % (list(in_spatial), out))
    return lib_mode, out, scales, align_corners


def _scaled_size(in_size, factor):
    """floor(in_size * factor), F.interpolate's output size for a scale
    factor; a product that is not a finite int64 is its RuntimeError."""
    product = float(in_size) * float(factor)
    if not math.isfinite(product) or abs(product) >= 2.0 ** 63:
        raise RuntimeError("scale_factor %r gives no output size for an input size of %d "
                           "(their product %r is not an int64)" % (factor, in_size, product))
    return int(math.floor(product))


def _check_non_empty(shape):
    """The forward ops' check after their size checks (PyTorch 1.13's upsample
    meta functions): an empty input only by its batch, N == 0."""
    if math.prod(shape) == 0 and math.prod(shape[1:]) == 0:
        raise RuntimeError("Non-empty %dD data tensor expected but got a tensor with sizes %s" %
                           (len(shape), list(shape)))


def _dtype_code(a):
    code = NUMPY_DTYPES.get(a.dtype)
    if code is None:
        raise TypeError("dtype %s is not supported; expected float32, float16, float64 or uint8"
                        % a.dtype)
    return code


def _element_strides(a):
    # The library addresses elements: byte strides that are not whole
    # elements, or a data pointer off the element alignment, need a copy.
    if not a.flags.aligned or any(s % a.itemsize for s in a.strides):
        a = np.array(a, copy=True, order="C")
    return a, [s // a.itemsize for s in a.strides]


def _channels_last(a):
    """Whether a is a channels-last array: 4-D or 5-D, its memory order N,
    spatial..., C densely packed, and not also C-contiguous (PyTorch's
    suggest_memory_format, read off numpy strides; dims of size 1 take any
    stride). An HWC image seen as (1, C, H, W), img.transpose(2, 0, 1)[None],
    is one."""
    if a.ndim not in (4, 5) or a.flags.c_contiguous:
        return False
    expected = a.itemsize
    for axis in reversed(_channels_last_order(a.ndim)):
        if a.shape[axis] != 1 and a.strides[axis] != expected:
            return False
        expected *= a.shape[axis]
    return True


def _channels_last_order(ndim):
    return (0,) + tuple(range(2, ndim)) + (1,)


def _empty_like_layout(shape, dtype, like):
    """A new array of `shape` (N, C, spatial...): channels-last where `like`
    is (as F.interpolate keeps the memory format), else C-contiguous."""
    if not _channels_last(like):
        return np.empty(shape, dtype=dtype)
    order = _channels_last_order(len(shape))
    return np.empty(tuple(shape[i] for i in order), dtype=dtype).transpose(np.argsort(order))


def _call(lib_mode, antialias, backward, align_corners, scales, src, dst, mode_name):
    rank = src.ndim
    code = _dtype_code(src)
    if not _lib.supports(lib_mode, antialias, backward, code, rank):
        raise NotImplementedError(
            "mode %r%s %s on rank-%d %s is not implemented by this version of aclnn-host" %
            (mode_name, " (antialias)" if antialias else "", "backward" if backward else "forward",
             rank, src.dtype))
    src, src_strides = _element_strides(src)
    _, dst_strides = _element_strides(dst)
    try:
        _lib.run(lib_mode, antialias, backward, align_corners, scales, rank,
                 src.ctypes.data, code, src.shape, src_strides, dst.ctypes.data, code, dst.shape,
                 dst_strides)
    except LibraryError as e:
        raise ValueError(str(e)) from None


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=None,
                antialias=False, recompute_scale_factor=None):
    """torch.nn.functional.interpolate for a numpy array (N, C, spatial...):
    float32, float16, float64, and uint8 for the nearest modes. Returns a new
    array of x's dtype, in x's memory format as F.interpolate keeps it:
    channels-last where x is (e.g. an HWC image as img.transpose(2, 0,
    1)[None]), C-contiguous otherwise."""
    x = np.asarray(x)
    lib_mode, out, scales, ac = resolve(x.ndim, x.shape[2:], size, scale_factor, mode,
                                        align_corners, antialias, recompute_scale_factor)
    _check_non_empty(x.shape)
    y = _empty_like_layout(tuple(x.shape[:2]) + tuple(out), x.dtype, x)
    if y.size == 0:
        return y
    _call(lib_mode, antialias, False, ac, scales, x, y, mode)
    return y


def interpolate_backward(grad_output, input_size, size=None, scale_factor=None, mode="nearest",
                         align_corners=None, antialias=False, recompute_scale_factor=None):
    """The gradient of interpolate with respect to its input: grad_output is
    dL/dy of shape (N, C, out spatial...), input_size the forward input's
    shape; size / scale_factor as given to the forward (they must produce
    grad_output's spatial size). Returns dL/dx of shape input_size, in
    grad_output's memory format (channels-last or C-contiguous), as PyTorch's
    backward kernels give it."""
    g = np.asarray(grad_output)
    input_size = tuple(int(v) for v in input_size)
    if len(input_size) != g.ndim or input_size[:2] != g.shape[:2]:
        raise ValueError("input_size %s does not match grad_output's shape %s (N, C and rank "
                         "must agree)" % (list(input_size), list(g.shape)))
    lib_mode, out, scales, ac = resolve(g.ndim, input_size[2:], size, scale_factor, mode,
                                        align_corners, antialias, recompute_scale_factor)
    if tuple(out) != tuple(g.shape[2:]):
        raise ValueError("grad_output's spatial size %s differs from the forward's output size %s"
                         % (list(g.shape[2:]), out))
    dx = _empty_like_layout(input_size, g.dtype, g)
    if dx.size == 0:
        return dx
    _call(lib_mode, antialias, True, ac, scales, g, dx, mode)
    return dx
