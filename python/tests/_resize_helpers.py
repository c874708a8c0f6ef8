"""Reference computations and tolerances shared by the tests (see conftest.py for the
contract bar)."""
import contextlib
import zlib

import numpy as np
import torch
import torch.nn.functional as F

import aclnn_host.torch as aht

# F.interpolate's (mode, antialias, rank) combinations that aclnn-host is
# documented to run (the tests check that modes() reports each of them).
DOCUMENTED_MODES = [
    ("nearest", False, 3), ("nearest", False, 4),
    ("nearest-exact", False, 3), ("nearest-exact", False, 4),
    ("linear", False, 3),
    ("bilinear", False, 4), ("bilinear", True, 4),
    ("bicubic", False, 4), ("bicubic", True, 4),
]
INTERPOLATING = ("linear", "bilinear", "bicubic", "trilinear")


def seed_of(*parts):
    """A deterministic per-case seed (independent of hash randomisation)."""
    return zlib.crc32(repr(parts).encode())


def rng_for(*parts):
    return np.random.default_rng(seed_of(*parts))


@contextlib.contextmanager
def stock():
    """PyTorch's own kernels inside (the override is switched off and the
    previous state restored after)."""
    was = aht.is_enabled()
    aht.disable()
    try:
        yield
    finally:
        if was:
            aht.enable()


# ---------------------------------------------------------------- references
def _t64(a):
    return torch.from_numpy(np.array(a, dtype=np.float64, copy=True))


def nearest_source_map(in_spatial, **kw):
    """For the nearest modes: the flat input index each output element copies,
    as PyTorch 1.13's NCHW float32 kernel picks it: floorf(dst * scale) with
    a float32 scale, the rule its uint8 kernel uses too (its channels-last
    kernels and nearest backwards use the same float32 rule plus shortcuts
    for out == in and out == 2 * in). Found by resizing a tensor of indices
    (exact in float32), with 2 channels so that the NCHW kernel runs."""
    n = int(np.prod(in_spatial))
    assert n < 2 ** 24
    idx = torch.arange(n, dtype=torch.float32).reshape((1, 1) + tuple(in_spatial))
    with stock():
        out = F.interpolate(idx.expand((1, 2) + tuple(in_spatial)).contiguous(), **kw)
    return out[0, 0].numpy().astype(np.int64)


def torch_forward64(x, **kw):
    """F.interpolate of x (any numpy dtype, any strides) by stock PyTorch in
    float64 on an NCHW-contiguous tensor. The nearest modes copy the element
    PyTorch's float32 kernel picks (see nearest_source_map): the float64
    NCHW kernel of 1.13 alone computes that index in double and then picks
    another element in rare ties (test_numpy_api's
    test_nearest_float64_against_torch_float64_nchw_forward shows one)."""
    if kw["mode"] in ("nearest", "nearest-exact"):
        x = np.asarray(x)
        src = nearest_source_map(x.shape[2:], **kw)
        flat = x.astype(np.float64).reshape(x.shape[:2] + (-1,))
        return flat[:, :, src]
    with stock():
        return F.interpolate(_t64(x), **kw).numpy()


def torch_backward64(x_shape, g, **kw):
    """d<F.interpolate(x), g>/dx by stock PyTorch autograd on a float64 leaf."""
    with stock():
        x = torch.zeros(tuple(x_shape), dtype=torch.float64, requires_grad=True)
        y = F.interpolate(x, **kw)
        assert tuple(y.shape) == tuple(g.shape), (y.shape, g.shape)
        y.backward(_t64(g))
        return x.grad.numpy()


# ---------------------------------------------------------------- tolerances
def ulp16(ref, dtype):
    """Spacing of a 16-bit float format at |ref| (0 for the others)."""
    a = np.abs(np.asarray(ref, dtype=np.float64))
    name = dtype if isinstance(dtype, str) else _dtype_name(dtype)
    if name == "float16":
        mant, emin = 10, -14
    elif name == "bfloat16":
        mant, emin = 7, -126
    else:
        return np.zeros_like(a)
    with np.errstate(divide="ignore"):
        e = np.floor(np.log2(a))
    e = np.maximum(np.where(np.isfinite(e), e, emin), emin)
    return np.exp2(e - mant)


def _dtype_name(dtype):
    if isinstance(dtype, torch.dtype):
        return str(dtype).replace("torch.", "")
    return np.dtype(dtype).name


def tolerance(ref, dtype):
    ref = np.asarray(ref, dtype=np.float64)
    name = _dtype_name(dtype)
    peak = float(np.max(np.abs(ref))) if ref.size else 0.0
    if name == "float64":
        return 1e-12 * (np.abs(ref) + peak)
    if name == "uint8":
        return np.zeros_like(ref)
    tol = 2e-6 * np.abs(ref) + 1e-5 * peak
    if name in ("float16", "bfloat16"):
        tol = tol + 0.5 * ulp16(ref, name)
    return tol


def as_f64(a):
    if isinstance(a, torch.Tensor):
        return a.detach().to(torch.float64).numpy()
    return np.asarray(a).astype(np.float64)


def assert_contract(got, ref, dtype, what=""):
    """got (numpy or torch, any dtype) against the float64 reference ref,
    within the contract bar of dtype."""
    got = as_f64(got)
    ref = np.asarray(ref, dtype=np.float64)
    assert got.shape == ref.shape, "%s: shape %s, expected %s" % (what, got.shape, ref.shape)
    assert np.all(np.isfinite(got)), "%s: non-finite values" % what
    err = np.abs(got - ref)
    tol = tolerance(ref, dtype)
    bad = err > tol
    if bad.any():
        i = np.unravel_index(np.argmax(np.where(bad, err - tol, -np.inf)), err.shape)
        raise AssertionError(
            "%s: %d of %d values outside the %s bar; worst at %s: got %r, reference %r, "
            "|err| %.3g > tol %.3g (max|ref| %.3g)"
            % (what, int(bad.sum()), bad.size, _dtype_name(dtype), tuple(int(v) for v in i),
               got[i], ref[i], err[i], tol[i], float(np.max(np.abs(ref)))))


def random_input(rng, shape, dtype):
    """Values that are exact in dtype (so the float64 reference sees the same
    input as aclnn-host)."""
    if np.dtype(dtype) == np.uint8:
        return rng.integers(0, 256, size=shape, dtype=np.uint8)
    return (rng.standard_normal(shape) * 2.0 + 0.5).astype(dtype)


def kwargs_for(mode, antialias, size=None, scale_factor=None, align_corners=None,
               recompute_scale_factor=None):
    kw = {"mode": mode}
    if size is not None:
        kw["size"] = size
    if scale_factor is not None:
        kw["scale_factor"] = scale_factor
    if align_corners is not None:
        kw["align_corners"] = align_corners
    if antialias:
        kw["antialias"] = True
    if recompute_scale_factor is not None:
        kw["recompute_scale_factor"] = recompute_scale_factor
    return kw
