"""PyTorch's own F.interpolate on aclnn-host's engine.

    import aclnn_host.torch
    aclnn_host.torch.enable()          # or: with aclnn_host.torch.enabled(): ...
    y = F.interpolate(x, size=(224, 224), mode="bicubic", antialias=True)
    y.sum().backward()                 # the backward runs on aclnn-host too

enable() registers, at PyTorch's CPU dispatch key, kernels for the base aten
upsample ops (forward and backward) of every mode the library implements;
F.interpolate's .vec overloads and autograd reach them unchanged
(torch.library.Library("aten", "IMPL"), PyTorch 1.13 and 2.x). float32,
float16 and bfloat16 tensors (any strides, channels_last kept) run on
aclnn-host; float64 and anything else fall back to PyTorch's own kernel
through the untouched .out overloads. A mode the library gains later is picked
up here without new code: the table below lists every aten upsample op, and
only those the library reports as supported are overridden."""
import contextlib
import warnings

import torch

from . import _lib
from . import _check_non_empty

# aten op (forward; its backward is NAME_backward), F.interpolate's mode,
# antialias, spatial dims, takes align_corners.
_OPS = [
    ("upsample_nearest1d", _lib.NEAREST, False, 1, False),
    ("upsample_nearest2d", _lib.NEAREST, False, 2, False),
    ("upsample_nearest3d", _lib.NEAREST, False, 3, False),
    ("_upsample_nearest_exact1d", _lib.NEAREST_EXACT, False, 1, False),
    ("_upsample_nearest_exact2d", _lib.NEAREST_EXACT, False, 2, False),
    ("_upsample_nearest_exact3d", _lib.NEAREST_EXACT, False, 3, False),
    ("upsample_linear1d", _lib.LINEAR, False, 1, True),
    ("upsample_bilinear2d", _lib.LINEAR, False, 2, True),
    ("upsample_trilinear3d", _lib.LINEAR, False, 3, True),
    ("upsample_bicubic2d", _lib.CUBIC, False, 2, True),
    ("_upsample_bilinear2d_aa", _lib.LINEAR, True, 2, True),
    ("_upsample_bicubic2d_aa", _lib.CUBIC, True, 2, True),
]
_DTYPES = {torch.float32: _lib.FLOAT32, torch.float16: _lib.FLOAT16, torch.bfloat16: _lib.BFLOAT16}

_library = None  # the torch.library.Library while enabled (deleting it restores PyTorch's kernels)
_overridden = []
_threads = None
_openmp = None  # whether the library runs on PyTorch's OpenMP threads (decided on the first call)
calls = {"aclnn_host": 0, "fallback": 0}  # how many calls each path took (for tests and curiosity)


def _sync_threads():
    # Share PyTorch's thread budget instead of oversubscribing the cores, and
    # where PyTorch runs on OpenMP, its threads: they spin for milliseconds
    # after each of its ops, on the cores the library's own threads would need.
    global _threads, _openmp
    if _openmp is None:
        _openmp = ("parallel backend: OpenMP" in torch.__config__.parallel_info()
                   and _lib.LIB.aclnn_host_use_openmp(1) == 1)
    n = torch.get_num_threads()
    if n != _threads:
        _lib.LIB.aclnn_host_set_num_threads(n)
        _threads = n


def _memory_format(t):
    """at::Tensor::suggest_memory_format (not exposed to Python in 1.13), which
    PyTorch's upsample kernels give their outputs: channels-last where the
    strides rank the dims as channels-last (c10's is_channels_last_strides_2d
    and _3d: the order C, W, H(, D), N, not necessarily dense, so a sliced
    channels-last tensor counts), else contiguous."""
    order = _CHANNELS_LAST_ORDER.get(t.dim())
    if order is None:
        return torch.contiguous_format
    sizes, strides = t.shape, t.stride()
    if strides[1] == 0:  # a trivial C dimension: NCHW by default
        return torch.contiguous_format
    least = 0
    for d in order:
        if sizes[d] == 0 or strides[d] < least:
            return torch.contiguous_format
        if d == 0 and least == strides[1]:  # N111-like strides: ambiguous, NCHW
            return torch.contiguous_format
        least = strides[d] * max(sizes[d], 1)
    return _CHANNELS_LAST[t.dim()]


_CHANNELS_LAST = {4: torch.channels_last, 5: torch.channels_last_3d}
_CHANNELS_LAST_ORDER = {4: (1, 3, 2, 0), 5: (1, 4, 3, 2, 0)}


def _output(shape, dtype, like):
    # Not short-cut by like.is_contiguous(): a contiguous tensor whose strides
    # also rank as channels-last (C == 1, say) gets a channels-last result.
    fmt = _memory_format(like)
    if fmt is torch.contiguous_format:
        return torch.empty(shape, dtype=dtype)
    return torch.empty(shape, dtype=dtype, memory_format=fmt)


def _check_sizes(name, spatial, input_dims, output_size, input_spatial):
    """The shape checks of PyTorch's structured meta functions
    (upsample_{1,2,3}d_common_check), which no longer run once the CPU kernel
    is ours."""
    if len(output_size) != spatial:
        raise RuntimeError("%s: it is expected output_size equals to %d, but got size %d" %
                           (name, spatial, len(output_size)))
    if input_dims != spatial + 2:
        raise RuntimeError("%s: expected a %dD tensor (N, C, spatial...), got %dD" %
                           (name, spatial + 2, input_dims))
    if min(output_size) <= 0 or min(input_spatial) <= 0:
        raise RuntimeError("%s: input and output sizes should be greater than 0, but got input "
                           "(%s) and output (%s)" % (name, ", ".join(map(str, input_spatial)),
                                                    ", ".join(map(str, output_size))))


def _split(rest, takes_align, spatial):
    align = bool(rest[0]) if takes_align else False
    scales = list(rest[1:] if takes_align else rest)
    scales = (scales + [None] * spatial)[:spatial]
    # PyTorch's kernels take a scale <= 0 as not given (the library refuses a
    # negative one); NaN passes as NaN, which both take as not given.
    return align, [0.0 if s is None or s <= 0 else float(s) for s in scales]


def _run(mode, antialias, backward, align, scales, src, dst):
    _sync_threads()
    rank = src.dim()
    code = _DTYPES[src.dtype]
    try:
        _lib.run(mode, antialias, backward, align, scales, rank, src.data_ptr(), code, src.shape,
                 src.stride(), dst.data_ptr(), code, dst.shape, dst.stride())
    except _lib.LibraryError as e:
        raise RuntimeError(str(e)) from None
    calls["aclnn_host"] += 1


def _forward_kernel(name, mode, antialias, spatial, takes_align):
    stock_out = getattr(torch.ops.aten, name).out

    def kernel(self, output_size, *rest):
        _check_sizes(name, spatial, self.dim(), output_size, self.shape[2:])
        _check_non_empty(tuple(self.shape))
        if self.dtype not in _DTYPES or self.device.type != "cpu":
            calls["fallback"] += 1
            out = torch.empty(0, dtype=self.dtype, device=self.device)
            return stock_out(self, output_size, *rest, out=out)
        align, scales = _split(rest, takes_align, spatial)
        y = _output(list(self.shape[:2]) + [int(o) for o in output_size], self.dtype, self)
        if y.numel() > 0:
            _run(mode, antialias, False, align, scales, self, y)
        return y

    return kernel


def _backward_kernel(name, mode, antialias, spatial, takes_align):
    stock_grad_input = getattr(torch.ops.aten, name + "_backward").grad_input

    def kernel(grad_output, output_size, input_size, *rest):
        _check_sizes(name + "_backward", spatial, len(input_size), output_size, input_size[2:])
        expected = list(input_size[:2]) + [int(o) for o in output_size]
        if list(grad_output.shape) != expected:
            raise RuntimeError("%s_backward: expected grad_output of shape %s, got %s" %
                               (name, expected, list(grad_output.shape)))
        if grad_output.dtype not in _DTYPES or grad_output.device.type != "cpu":
            calls["fallback"] += 1
            out = torch.empty(0, dtype=grad_output.dtype, device=grad_output.device)
            return stock_grad_input(grad_output, output_size, input_size, *rest, grad_input=out)
        align, scales = _split(rest, takes_align, spatial)
        dx = _output([int(v) for v in input_size], grad_output.dtype, grad_output)
        if dx.numel() > 0:
            _run(mode, antialias, True, align, scales, grad_output, dx)
        return dx

    return kernel


def _supported(mode, antialias, spatial):
    return all(_lib.supports(mode, antialias, backward, _lib.FLOAT32, spatial + 2)
               for backward in (False, True))


def enable():
    """Routes PyTorch's CPU upsample kernels of every mode the library
    implements to aclnn-host (idempotent)."""
    global _library, _overridden
    if _library is not None:
        return
    library = torch.library.Library("aten", "IMPL")
    names = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Overriding a previously registered kernel"
        for name, mode, antialias, spatial, takes_align in _OPS:
            if not _supported(mode, antialias, spatial):
                continue
            library.impl(name, _forward_kernel(name, mode, antialias, spatial, takes_align), "CPU")
            library.impl(name + "_backward",
                         _backward_kernel(name, mode, antialias, spatial, takes_align), "CPU")
            names += [name, name + "_backward"]
    _library, _overridden = library, names


def disable():
    """Restores PyTorch's own kernels (idempotent)."""
    global _library, _overridden
    library, _library, _overridden = _library, None, []
    if library is not None:
        library._destroy() if hasattr(library, "_destroy") else None
        del library


def is_enabled():
    return _library is not None


@contextlib.contextmanager
def enabled():
    """with aclnn_host.torch.enabled(): ... — enabled inside, the previous
    state restored after."""
    was = is_enabled()
    enable()
    try:
        yield
    finally:
        if not was:
            disable()


def overridden_ops():
    """The aten op names whose CPU kernels run on aclnn-host now."""
    return list(_overridden)
