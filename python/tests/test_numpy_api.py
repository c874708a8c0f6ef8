"""aclnn_host.interpolate / interpolate_backward (numpy) against stock PyTorch
1.13 in float64: random cases per mode, antialias, rank and dtype, with size
and with scale_factor, align_corners where allowed, non-contiguous inputs,
and F.interpolate's exception types for argument mistakes."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import aclnn_host
from _resize_helpers import (DOCUMENTED_MODES, INTERPOLATING, assert_contract, kwargs_for,
                             random_input, rng_for, stock, torch_backward64, torch_forward64)

NEAREST = ("nearest", "nearest-exact")
SCALES = [0.3, 0.5, 0.75, 1.0, 1.3, 1.7, 2.0, 2.5, 3.0, 1.0 / 3.0, 0.6]


def dtypes_for(mode):
    out = [np.float32, np.float16, np.float64]
    return out + [np.uint8] if mode in NEAREST else out


def aligns_for(mode):
    return (None, False, True) if mode in INTERPOLATING else (None,)


def random_case(rng, rank, how):
    """(input shape, size or None, scale_factor or None) with a non-empty output.
    Channels >= 2 so that PyTorch's NCHW reference never takes its
    channels-last nearest shortcuts."""
    spatial = rank - 2
    n, c = int(rng.integers(1, 3)), int(rng.integers(2, 4))
    ins = [int(v) for v in rng.integers(1, 10, size=spatial)]
    if how == "size":
        outs = [int(v) for v in rng.integers(1, 13, size=spatial)]
        if rng.random() < 0.25:  # one int for every dimension
            return [n, c] + ins, outs[0], None
        return [n, c] + ins, tuple(outs), None
    while True:
        if rng.random() < 0.3:
            s = float(rng.choice(SCALES))
            factors = [s] * spatial
            scale = s
        else:
            factors = [float(rng.choice(SCALES)) for _ in range(spatial)]
            scale = tuple(factors)
        if all(int(np.floor(i * f)) >= 1 for i, f in zip(ins, factors)):
            return [n, c] + ins, None, scale
        ins = [int(v) for v in rng.integers(2, 10, size=spatial)]


def mode_cases():
    for mode, aa, rank in DOCUMENTED_MODES:
        for dt in dtypes_for(mode):
            for how in ("size", "scale"):
                for ac in aligns_for(mode):
                    yield pytest.param(mode, aa, rank, dt, how, ac,
                                       id="%s%s-%dd-%s-%s-ac%s" % (mode, "-aa" if aa else "", rank,
                                                                 np.dtype(dt).name, how, ac))


def test_modes_lists_the_documented_combinations():
    got = aclnn_host.modes()
    assert all(isinstance(m, tuple) and len(m) == 3 for m in got), got
    missing = [m for m in DOCUMENTED_MODES if m not in got]
    assert not missing, "modes() lacks %s (it reports %s)" % (missing, got)


@pytest.mark.parametrize("mode,aa,rank,dtype,how,align", list(mode_cases()))
def test_random_cases_against_torch_float64(mode, aa, rank, dtype, how, align):
    rng = rng_for(mode, aa, rank, np.dtype(dtype).name, how, align)
    for case in range(6):
        shape, size, scale = random_case(rng, rank, how)
        kw = kwargs_for(mode, aa, size=size, scale_factor=scale, align_corners=align)
        what = "case %d: shape %s, %s" % (case, shape, kw)
        x = random_input(rng, shape, dtype)
        x_before = x.copy()
        ref = torch_forward64(x, **kw)
        y = aclnn_host.interpolate(x, **kw)
        assert y.dtype == x.dtype and y.flags.c_contiguous, what
        assert np.array_equal(x, x_before), what + ": the input was modified"
        assert_contract(y, ref, dtype, "forward " + what)
        if dtype == np.uint8:
            with pytest.raises((NotImplementedError, TypeError)):
                aclnn_host.interpolate_backward(y, shape, **kw)
            continue
        g = random_input(rng, ref.shape, dtype)
        gref = torch_backward64(shape, g, **kw)
        dx = aclnn_host.interpolate_backward(g, shape, **kw)
        assert dx.dtype == g.dtype and dx.shape == tuple(shape), what
        assert_contract(dx, gref, dtype, "backward " + what)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
@pytest.mark.parametrize("mode,aa,rank", DOCUMENTED_MODES)
def test_larger_shapes(mode, aa, rank, dtype):
    """Rows long enough for the vectorised paths, with ragged tails, strong
    down- and up-sampling; forward and backward."""
    rng = rng_for("large", mode, aa, rank, np.dtype(dtype).name)
    for case in range(3):
        ins = [int(v) for v in rng.integers(17, 90, size=rank - 2)]
        if case == 2:
            factors = [float(rng.choice([0.13, 0.37, 2.6, 1.21])) for _ in ins]
            kw = kwargs_for(mode, aa, scale_factor=tuple(factors),
                            align_corners=(False if mode in INTERPOLATING else None))
            outs = [int(np.floor(i * f)) for i, f in zip(ins, factors)]
        else:
            outs = [int(v) for v in rng.integers(3, 110, size=rank - 2)]
            kw = kwargs_for(mode, aa, size=tuple(outs),
                            align_corners=(case == 1 if mode in INTERPOLATING else None))
        shape = [1, 2] + ins
        x = random_input(rng, shape, dtype)
        what = "shape %s, %s" % (shape, kw)
        assert_contract(aclnn_host.interpolate(x, **kw), torch_forward64(x, **kw), dtype,
                        "forward " + what)
        g = random_input(rng, [1, 2] + outs, dtype)
        assert_contract(aclnn_host.interpolate_backward(g, shape, **kw),
                        torch_backward64(shape, g, **kw), dtype, "backward " + what)


@pytest.mark.parametrize("mode", NEAREST)
def test_nearest_float32_picks_pytorchs_sources(mode):
    """The nearest forward against PyTorch's own float32 kernel, bit for bit,
    over many sizes and scales (ties of floorf(dst * scale) included)."""
    rng = rng_for("nearest-sources", mode)
    for _ in range(60):
        i, o = int(rng.integers(2, 130)), int(rng.integers(1, 130))
        x = rng.standard_normal((1, 2, i)).astype(np.float32)
        for kw in (dict(size=o), dict(scale_factor=float(rng.uniform(0.2, 3.0)))):
            if "scale_factor" in kw and int(i * kw["scale_factor"]) < 1:
                continue
            with stock():
                ref = F.interpolate(torch.from_numpy(x), mode=mode, **kw).numpy()
            y = aclnn_host.interpolate(x, mode=mode, **kw)
            assert np.array_equal(y, ref), (i, kw)
            u8 = rng.integers(0, 256, size=x.shape, dtype=np.uint8)
            with stock():
                ref = F.interpolate(torch.from_numpy(u8), mode=mode, **kw).numpy()
            assert np.array_equal(aclnn_host.interpolate(u8, mode=mode, **kw), ref), (i, kw)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("mode", NEAREST)
@pytest.mark.parametrize("rank", [3, 4])
def test_nearest_explicit_scale_near_1_and_2(mode, rank, dtype):
    """out == in and out == 2 * in from a scale that is not 1 or 2: PyTorch's
    NCHW forward uses the scale, its nearest backward takes shortcuts."""
    rng = rng_for("nearest-shortcuts", mode, rank, np.dtype(dtype).name)
    for ins, scale in ((5, 2.1), (10, 1.04), (7, 2.0), (9, 1.0), (6, 0.999)):
        shape = [2, 3] + [ins] * (rank - 2)
        kw = dict(mode=mode, scale_factor=scale)
        x = random_input(rng, shape, dtype)
        y = aclnn_host.interpolate(x, **kw)
        assert_contract(y, torch_forward64(x, **kw), dtype, "forward %s %s" % (shape, kw))
        g = random_input(rng, y.shape, dtype)
        assert_contract(aclnn_host.interpolate_backward(g, shape, **kw),
                        torch_backward64(shape, g, **kw), dtype, "backward %s %s" % (shape, kw))


def test_nearest_float64_against_torch_float64_nchw_forward():
    """PyTorch 1.13's NCHW float64 nearest forward computes the source index
    with a double scale (84 -> 72: output 54 copies input 63), where its
    float32, uint8 and channels-last kernels and its float64 backward use a
    float32 scale (input 62). The numpy API promises F.interpolate's result
    for float64; aclnn-host's float64 nearest follows the float32 rule."""
    x = np.arange(2 * 84, dtype=np.float64).reshape(1, 2, 84)
    with stock():
        ref = F.interpolate(torch.from_numpy(x), size=72, mode="nearest").numpy()
    y = aclnn_host.interpolate(x, size=72, mode="nearest")
    bad = np.nonzero(y[0, 0] != ref[0, 0])[0]
    assert bad.size == 0, ("float64 nearest 84 -> 72 differs from F.interpolate(float64) at "
                           "outputs %s: copies %s, PyTorch copies %s"
                           % (bad.tolist(), y[0, 0, bad].tolist(), ref[0, 0, bad].tolist()))


@pytest.mark.parametrize("mode,aa,rank", DOCUMENTED_MODES)
def test_recompute_scale_factor(mode, aa, rank):
    rng = rng_for("recompute", mode, aa, rank)
    shape = [2, 3] + [7] * (rank - 2)
    x = random_input(rng, shape, np.float64)
    for s in (0.45, 1.6, 2.3):
        kw = kwargs_for(mode, aa, scale_factor=s, recompute_scale_factor=True)
        assert_contract(aclnn_host.interpolate(x, **kw), torch_forward64(x, **kw), np.float64,
                        "forward %s" % kw)
        g = random_input(rng, [2, 3] + [int(7 * s)] * (rank - 2), np.float64)
        assert_contract(aclnn_host.interpolate_backward(g, shape, **kw),
                        torch_backward64(shape, g, **kw), np.float64, "backward %s" % kw)


# ------------------------------------------------------------ memory layouts
def transposed(v):
    """Channels-last storage viewed as (N, C, spatial...)."""
    perm = (0,) + tuple(range(2, v.ndim)) + (1,)
    return np.ascontiguousarray(v.transpose(perm)).transpose(np.argsort(perm))


def negative(v):
    """Negative strides on every axis."""
    flip = (slice(None, None, -1),) * v.ndim
    return np.ascontiguousarray(v[flip])[flip]


def negative_spatial(v):
    """Negative strides on the last axis only, positive elsewhere."""
    return np.ascontiguousarray(v[..., ::-1])[..., ::-1]


def sliced(v):
    """Every other element of a larger array (offset 1 on each axis)."""
    big = np.zeros(tuple(2 * s + 1 for s in v.shape), dtype=v.dtype)
    view = big[tuple(slice(1, None, 2) for _ in v.shape)]
    view[...] = v
    return view


def misaligned(v):
    """C-contiguous, but the data pointer is off the dtype's alignment (as
    np.frombuffer at an odd offset gives)."""
    buf = np.zeros(v.nbytes + v.itemsize, dtype=np.uint8)
    a = np.ndarray(v.shape, dtype=v.dtype, buffer=buf, offset=1)
    a[...] = v
    return a


def odd_byte_strides(v):
    """Byte strides that are not multiples of the item size."""
    strides = [0] * v.ndim
    strides[-1] = v.itemsize
    acc = v.shape[-1] * v.itemsize + 1
    for d in range(v.ndim - 2, -1, -1):
        strides[d] = acc
        acc *= v.shape[d]
    buf = np.zeros(acc + 16, dtype=np.uint8)
    a = np.ndarray(v.shape, dtype=v.dtype, buffer=buf, strides=strides)
    a[...] = v
    return a


LAYOUTS = [transposed, negative, negative_spatial, sliced, misaligned, odd_byte_strides]


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
@pytest.mark.parametrize("mode,aa,rank", DOCUMENTED_MODES)
def test_non_contiguous_inputs(mode, aa, rank, dtype, layout):
    """The same values in another layout give the same bits, and the inputs
    are left alone."""
    rng = rng_for("layout", mode, aa, rank, np.dtype(dtype).name)
    shape = [2, 3] + [int(v) for v in rng.integers(4, 9, size=rank - 2)]
    size = [int(v) for v in rng.integers(3, 12, size=rank - 2)]
    kw = kwargs_for(mode, aa, size=size)
    x = random_input(rng, shape, dtype)
    g = random_input(rng, [2, 3] + size, dtype)
    y_ref = aclnn_host.interpolate(x, **kw)
    dx_ref = aclnn_host.interpolate_backward(g, shape, **kw)
    assert_contract(y_ref, torch_forward64(x, **kw), dtype, "contiguous forward")
    assert_contract(dx_ref, torch_backward64(shape, g, **kw), dtype, "contiguous backward")
    xv, gv = layout(x), layout(g)
    assert np.array_equal(xv, x) and np.array_equal(gv, g)
    assert layout is misaligned or not xv.flags.c_contiguous
    y = aclnn_host.interpolate(xv, **kw)
    assert np.array_equal(y, y_ref), "forward differs for a %s input" % layout.__name__
    dx = aclnn_host.interpolate_backward(gv, shape, **kw)
    assert np.array_equal(dx, dx_ref), "backward differs for a %s grad_output" % layout.__name__
    assert np.array_equal(xv, x) and np.array_equal(gv, g), "input modified"


@pytest.mark.parametrize("mode,aa,rank", DOCUMENTED_MODES)
def test_broadcast_zero_stride_input(mode, aa, rank):
    rng = rng_for("broadcast", mode, aa, rank)
    row = random_input(rng, [1, 1] + [6] * (rank - 2), np.float32)
    x = np.broadcast_to(row, [2, 3] + [6] * (rank - 2))  # read-only, strides 0 on N and C
    kw = kwargs_for(mode, aa, size=[4] * (rank - 2))
    y = aclnn_host.interpolate(x, **kw)
    assert_contract(y, torch_forward64(x, **kw), np.float32, "forward of a broadcast input")
    g = np.broadcast_to(random_input(rng, [1, 3] + [4] * (rank - 2), np.float32),
                        [2, 3] + [4] * (rank - 2))
    dx = aclnn_host.interpolate_backward(g, x.shape, **kw)
    assert_contract(dx, torch_backward64(x.shape, g, **kw), np.float32,
                    "backward of a broadcast grad_output")


def test_accepts_array_likes():
    x = [[[1.0, 2.0, 4.0]]]  # a nested list: float64, (1, 1, 3)
    y = aclnn_host.interpolate(x, size=5, mode="linear", align_corners=True)
    assert y.dtype == np.float64
    np.testing.assert_allclose(y, [[[1.0, 1.5, 2.0, 3.0, 4.0]]], rtol=0, atol=1e-15)


def test_results_do_not_depend_on_the_thread_count():
    rng = rng_for("threads")
    x = random_input(rng, (2, 3, 61, 47), np.float32)
    g = random_input(rng, (2, 3, 29, 83), np.float32)
    out = {}
    for n in (1, 2, 3):
        aclnn_host.set_num_threads(n)
        assert aclnn_host.get_num_threads() == n
        out[n] = [aclnn_host.interpolate(x, size=(29, 83), mode="bicubic", antialias=True),
                  aclnn_host.interpolate_backward(g, x.shape, size=(29, 83), mode="bicubic",
                                                  antialias=True),
                  aclnn_host.interpolate(x, scale_factor=1.7, mode="bilinear")]
    for n in (2, 3):
        for a, b in zip(out[1], out[n]):
            assert np.array_equal(a, b), "results differ between 1 and %d threads" % n


# ------------------------------------------------------------ argument errors
ERROR_CASES = [
    # (id, rank, kwargs)
    ("both-size-and-scale", 4, dict(size=3, scale_factor=2.0, mode="bilinear")),
    ("neither-size-nor-scale", 4, dict(mode="bilinear")),
    ("neither-nearest", 3, dict(mode="nearest")),
    ("antialias-nearest", 4, dict(size=3, mode="nearest", antialias=True)),
    ("antialias-nearest-exact", 4, dict(size=3, mode="nearest-exact", antialias=True)),
    ("antialias-linear", 3, dict(size=3, mode="linear", antialias=True)),
    ("align-corners-nearest", 4, dict(size=3, mode="nearest", align_corners=True)),
    ("align-corners-false-nearest-exact", 3, dict(size=3, mode="nearest-exact",
                                                  align_corners=False)),
    ("bicubic-3d", 3, dict(size=3, mode="bicubic")),
    ("bicubic-aa-3d", 3, dict(size=3, mode="bicubic", antialias=True)),
    ("bilinear-3d", 3, dict(size=3, mode="bilinear")),
    ("linear-4d", 4, dict(size=3, mode="linear")),
    ("unknown-mode", 4, dict(size=3, mode="bogus")),
    ("size-too-long", 4, dict(size=(2, 3, 4), mode="bilinear")),
    ("scale-too-short", 4, dict(scale_factor=(2.0,), mode="bicubic")),
    ("size-zero", 4, dict(size=0, mode="bilinear")),
    ("size-zero-nearest", 3, dict(size=(0,), mode="nearest")),
    ("scale-to-zero", 4, dict(scale_factor=0.1, mode="bicubic", antialias=True)),
    ("recompute-with-size", 4, dict(size=3, mode="bilinear", recompute_scale_factor=True)),
    ("float-size", 4, dict(size=3.5, mode="bilinear")),
    ("float-in-size", 3, dict(size=(3.0,), mode="nearest")),
    ("scale-nan", 4, dict(scale_factor=float("nan"), mode="bilinear")),
    ("scale-inf", 3, dict(scale_factor=float("inf"), mode="nearest")),
    ("scale-minus-inf", 5, dict(scale_factor=(2.0, -float("inf"), 1.0), mode="trilinear")),
    ("scale-past-int64", 4, dict(scale_factor=1e30, mode="nearest-exact")),
]


def _raised(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is what is checked
        return e
    return None


@pytest.mark.parametrize("rank,kw", [pytest.param(r, k, id=i) for i, r, k in ERROR_CASES])
def test_argument_errors_match_torch(rank, kw):
    shape = [1, 2] + [5] * (rank - 2)
    theirs = _raised(lambda: F.interpolate(torch.zeros(shape), **kw))
    assert theirs is not None, "F.interpolate accepted %s" % kw
    ours = _raised(lambda: aclnn_host.interpolate(np.zeros(shape, np.float32), **kw))
    assert ours is not None, "aclnn_host.interpolate accepted %s (torch: %r)" % (kw, theirs)
    assert type(ours) is type(theirs), ("interpolate%s raised %r, F.interpolate raised %r"
                                        % (kw, ours, theirs))
    assert str(ours), "an empty message"
    # The backward takes the same arguments and must reject them the same way.
    back = _raised(lambda: aclnn_host.interpolate_backward(np.zeros([1, 2] + [3] * (rank - 2),
                                                                    np.float32), shape, **kw))
    assert back is not None and type(back) is type(theirs), (
        "interpolate_backward%s raised %r, F.interpolate raised %r" % (kw, back, theirs))


def test_unsupported_dtype_errors():
    # F.interpolate raises RuntimeError ("... not implemented for 'Byte'") for
    # uint8 bilinear; the numpy API's NotImplementedError is a RuntimeError.
    theirs = _raised(lambda: F.interpolate(torch.zeros(1, 2, 4, 4, dtype=torch.uint8), size=3,
                                           mode="bilinear"))
    ours = _raised(lambda: aclnn_host.interpolate(np.zeros((1, 2, 4, 4), np.uint8), size=3,
                                                  mode="bilinear"))
    assert theirs is not None and ours is not None
    assert isinstance(ours, type(theirs)), (ours, theirs)
    with pytest.raises(TypeError, match="int32"):
        aclnn_host.interpolate(np.zeros((1, 2, 4, 4), np.int32), size=3)
    with pytest.raises(TypeError):
        aclnn_host.interpolate(np.zeros((1, 2, 4, 4), np.complex64), size=3)


def test_backward_shape_errors():
    g = np.zeros((1, 2, 6, 6), np.float32)
    with pytest.raises(ValueError):  # N, C differ
        aclnn_host.interpolate_backward(g, (1, 3, 3, 3), size=6, mode="bilinear")
    with pytest.raises(ValueError):  # rank differs
        aclnn_host.interpolate_backward(g, (1, 2, 3), size=6, mode="bilinear")
    with pytest.raises(ValueError):  # grad_output is not the forward's output size
        aclnn_host.interpolate_backward(g, (1, 2, 3, 3), size=5, mode="bilinear")
    with pytest.raises(ValueError):
        aclnn_host.interpolate_backward(g, (1, 2, 3, 3), scale_factor=2.5, mode="bicubic")


@pytest.mark.parametrize("shape", [(4,), (2, 4)], ids=["1d", "2d"])
@pytest.mark.parametrize("mode", ["nearest", "bilinear"])
def test_rank_errors_match_torch(shape, mode):
    theirs = _raised(lambda: F.interpolate(torch.zeros(shape), size=2, mode=mode))
    ours = _raised(lambda: aclnn_host.interpolate(np.zeros(shape, np.float32), size=2, mode=mode))
    assert theirs is not None and ours is not None, (theirs, ours)
    assert type(ours) is type(theirs), ("rank-%d input: interpolate raised %r, F.interpolate "
                                        "raised %r" % (len(shape), ours, theirs))


def test_library_errors_carry_their_own_message_from_every_thread():
    # _lib.run keeps one message buffer per thread and ctypes drops the GIL
    # during the call: concurrent failing calls must not read each other's text.
    import threading
    from aclnn_host import _lib
    x = np.zeros((1, 2, 4, 4), np.float32)
    failures = []

    def worker(n):
        y = np.zeros((n, 2, 8, 8), np.float32)
        for _ in range(300):
            try:
                _lib.run(_lib.NEAREST, False, False, False, [0.0, 0.0], 4, x.ctypes.data,
                         _lib.FLOAT32, x.shape, (32, 16, 4, 1), y.ctypes.data, _lib.FLOAT32,
                         y.shape, (128, 64, 8, 1))
                failures.append("no error for N = %d" % n)
            except _lib.LibraryError as e:
                if e.code != _lib.INVALID_ARGUMENT or "y [%d, 2, 8, 8]" % n not in str(e):
                    failures.append("N = %d got %r" % (n, str(e)))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(2, 6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures[:3]


def _element_strides_of(a):
    return tuple(s // a.itemsize for s in a.strides)


@pytest.mark.parametrize("mode,antialias", [("nearest", False), ("nearest-exact", False),
                                            ("bilinear", True), ("bicubic", False),
                                            ("trilinear", False)])
def test_channels_last_inputs_give_channels_last_results_like_torch(mode, antialias):
    # An HWC image (or a DHWC volume) seen as (N, C, spatial...): the result
    # keeps that memory format, as F.interpolate and PyTorch's backward
    # kernels keep it, with the values of a C-contiguous input, bit for bit.
    rng = np.random.default_rng(5)
    volume = mode == "trilinear"
    spatial_in, spatial_out = ((6, 9, 11), (4, 13, 7)) if volume else ((37, 29), (16, 45))
    stored = rng.standard_normal((2,) + spatial_in + (3,)).astype(np.float32)
    x = np.moveaxis(stored, -1, 1)  # a view: channels-last strides
    assert not x.flags.c_contiguous
    kw = dict(size=spatial_out, mode=mode)
    if mode not in ("nearest", "nearest-exact"):
        kw.update(align_corners=False, antialias=antialias)
    y = aclnn_host.interpolate(x, **kw)
    y_plain = aclnn_host.interpolate(np.ascontiguousarray(x), **kw)
    assert y_plain.flags.c_contiguous
    assert not y.flags.c_contiguous
    assert np.array_equal(y, y_plain)
    with stock():
        t = F.interpolate(torch.from_numpy(x), **kw)
    if mode == "bicubic":
        # PyTorch 1.13's upsample_bicubic2d alone returns a contiguous output
        # for a channels-last input (later versions keep the format); ours
        # keeps it for every mode.
        assert t.is_contiguous()
        t = t.contiguous(memory_format=torch.channels_last)
    assert _element_strides_of(y) == t.stride(), (_element_strides_of(y), t.stride())
    g = np.moveaxis(rng.standard_normal((2,) + spatial_out + (3,)).astype(np.float32), -1, 1)
    dx = aclnn_host.interpolate_backward(g, x.shape, **kw)
    dx_plain = aclnn_host.interpolate_backward(np.ascontiguousarray(g), x.shape, **kw)
    assert dx_plain.flags.c_contiguous and not dx.flags.c_contiguous
    assert np.array_equal(dx, dx_plain)
    assert _element_strides_of(dx) == _element_strides_of(x)
