"""aclnn_host.torch: PyTorch's F.interpolate (forward and autograd backward) on
aclnn-host's engine, against stock PyTorch 1.13."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import aclnn_host
import aclnn_host.torch as aht
from _resize_helpers import (assert_contract, kwargs_for, rng_for, stock, tolerance,
                             torch_backward64, torch_forward64)

NEAREST = ("nearest", "nearest-exact")
ATEN_FORWARD = {  # (mode, antialias, rank) -> aten op name
    ("nearest", False, 3): "upsample_nearest1d", ("nearest", False, 4): "upsample_nearest2d",
    ("nearest-exact", False, 3): "_upsample_nearest_exact1d",
    ("nearest-exact", False, 4): "_upsample_nearest_exact2d",
    ("linear", False, 3): "upsample_linear1d", ("bilinear", False, 4): "upsample_bilinear2d",
    ("bicubic", False, 4): "upsample_bicubic2d",
    ("bilinear", True, 4): "_upsample_bilinear2d_aa", ("bicubic", True, 4): "_upsample_bicubic2d_aa",
}


def all_modes():
    return [pytest.param(*m, id="%s%s-%dd" % (m[0], "-aa" if m[1] else "", m[2]))
            for m in aclnn_host.modes()]


def formats_for(rank):
    return ["contiguous", "channels_last"] if rank == 4 else ["contiguous"]


def to_format(t, fmt):
    if fmt == "channels_last":
        t = t.contiguous(memory_format=torch.channels_last)
        assert t.is_contiguous(memory_format=torch.channels_last) and not t.is_contiguous()
    return t


def cases(rank):
    """(input spatial, size or None, scale_factor or None, align_corners)"""
    s = rank - 2
    out = [((9,) * s, (5,) * s, None, None),          # down
           ((6,) * s, (13,) * s, None, None),         # up
           ((7,) * s, None, 1.7, None),               # non-integer scale
           ((8,) * s, None, 0.6, False),
           ((5,) * s, None, 2.1, None)]             # out == 2 * in, scale != 2
    if s == 2:
        out += [((12, 5), (5, 11), None, True), ((10, 9), None, (0.45, 2.3), False)]
    return out


def forward_backward(x, g, kw):
    """y = F.interpolate(x, **kw) and dL/dx for L = <y, g>, by autograd."""
    x = x.detach().clone(memory_format=torch.preserve_format).requires_grad_()
    y = F.interpolate(x, **kw)
    y.backward(g)
    return y.detach(), x.grad, x


def reference64(x, g, kw):
    """Stock PyTorch's float64 forward and backward of the same values (the
    nearest forward as PyTorch's float32 kernel picks its sources, see
    _resize_helpers.torch_forward64)."""
    x64 = x.detach().to(torch.float64).numpy()
    g64 = g.detach().to(torch.float64).numpy()
    return torch_forward64(x64, **kw), torch_backward64(x64.shape, g64, **kw)


def mode_kwargs(mode, aa, size, scale, ac):
    return kwargs_for(mode, aa, size=size, scale_factor=scale,
                      align_corners=ac if mode not in NEAREST else None)


def expected_strides(mode, stock_result, like):
    """The strides of PyTorch's own result, except that PyTorch 1.13's CPU
    bicubic kernels (plain and AA) return an NCHW-contiguous tensor for a
    channels_last one, where every other mode (and later PyTorch releases,
    whose test_upsamplingBiMode2d checks it) keep channels_last; the override
    keeps channels_last for bicubic too."""
    if mode != "bicubic":
        return stock_result.stride()
    fmt = (torch.channels_last if like.dim() == 4 and not like.is_contiguous()
           and like.is_contiguous(memory_format=torch.channels_last) else torch.contiguous_format)
    return torch.empty(stock_result.shape, memory_format=fmt).stride()


def test_overridden_ops_cover_modes():
    assert aht.overridden_ops() == [] and not aht.is_enabled()
    aht.enable()
    ops = aht.overridden_ops()
    for m in aclnn_host.modes():
        if m in ATEN_FORWARD:
            assert ATEN_FORWARD[m] in ops and ATEN_FORWARD[m] + "_backward" in ops, (m, ops)
    aht.disable()
    assert aht.overridden_ops() == []


@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_float32_forward_backward(mode, aa, rank):
    """Every mode modes() lists: F.interpolate forward and autograd backward on
    aclnn-host, within the contract bar of the float64 result of stock
    PyTorch, and PyTorch's memory format kept (channels_last in, channels_last
    out, for the gradient too)."""
    rng = rng_for("f32", mode, aa, rank)
    for fmt in formats_for(rank):
        for ins, size, scale, ac in cases(rank):
            kw = mode_kwargs(mode, aa, size, scale, ac)
            what = "%s %s %s" % (fmt, ins, kw)
            x = to_format(torch.from_numpy(rng.standard_normal((2, 3) + ins).astype(np.float32)),
                          fmt)
            with stock():
                out_shape = tuple(F.interpolate(x, **kw).shape)
            g = to_format(torch.from_numpy(rng.standard_normal(out_shape)
                                           .astype(np.float32)), fmt)
            with stock():
                y_stock, dx_stock, _ = forward_backward(x, g, kw)
                # PyTorch's channels-last nearest forward takes shortcuts for
                # out == in and out == 2 * in that ignore an explicit scale;
                # its NCHW kernel (and aclnn-host, for every layout) does not.
                y_stock_values = F.interpolate(x.contiguous(), **kw) if mode in NEAREST \
                    else y_stock
            y_ref, dx_ref = reference64(x, g, kw)

            aht.enable()
            before = dict(aht.calls)
            y, dx, leaf = forward_backward(x, g, kw)
            assert aht.calls["aclnn_host"] == before["aclnn_host"] + 2, (what, aht.calls)
            assert aht.calls["fallback"] == before["fallback"], (what, aht.calls)
            aht.disable()

            assert y.dtype == torch.float32 and dx.dtype == torch.float32
            assert_contract(y, y_ref, torch.float32, "forward " + what)
            assert_contract(dx, dx_ref, torch.float32, "backward " + what)
            # PyTorch's own float32 kernels meet the same bar here, so both
            # agree within twice the bar.
            for ours, theirs, ref, name in ((y, y_stock_values, y_ref, "forward"),
                                            (dx, dx_stock, dx_ref, "backward")):
                gap = np.abs(ours.numpy().astype(np.float64) - theirs.numpy())
                bar = 2 * tolerance(ref, torch.float32)
                assert np.all(gap <= bar), ("%s %s: %.3g from PyTorch's float32 kernel"
                                            % (name, what, float(np.max(gap - bar))))
            # Memory format: channels_last in, channels_last out (PyTorch's
            # rule for every mode but 1.13's bicubic, see expected_strides).
            assert y.stride() == expected_strides(mode, y_stock, x), (what, y.stride())
            assert dx.stride() == leaf.stride(), what
            if fmt == "channels_last":
                assert y.is_contiguous(memory_format=torch.channels_last), what


@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_backward_kernel_memory_format(mode, aa, rank):
    """The aten backward op itself (autograd.grad, no AccumulateGrad re-layout):
    the gradient's strides are those of PyTorch's own backward kernel."""
    rng = rng_for("bwfmt", mode, aa, rank)
    ins, size = (7,) * (rank - 2), (5,) * (rank - 2)
    kw = mode_kwargs(mode, aa, size, None, None)
    for fmt in formats_for(rank):
        x = to_format(torch.from_numpy(rng.standard_normal((2, 3) + ins).astype(np.float32)), fmt)
        for gfmt in formats_for(rank):
            g = to_format(torch.from_numpy(rng.standard_normal((2, 3) + size).astype(np.float32)),
                          gfmt)
            results = []
            for on in (False, True):
                with aht.enabled() if on else stock():
                    xx = x.clone(memory_format=torch.preserve_format).requires_grad_()
                    y = F.interpolate(xx, **kw)
                    (dx,) = torch.autograd.grad(y, xx, g)
                    results.append((y, dx))
            (y_stock, dx_stock), (y, dx) = results
            assert y.stride() == expected_strides(mode, y_stock, x), (fmt, gfmt)
            # The gradient takes grad_output's format (bicubic in 1.13: always NCHW).
            assert dx.stride() == expected_strides(mode, dx_stock, g), (fmt, gfmt, dx.stride())


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_16bit_forward_backward(mode, aa, rank, dtype):
    """PyTorch 1.13 has no 16-bit CPU kernels for most of these: with the
    override they run, within half an ulp of the dtype plus the fp32 bar of
    the float64 result of the same op on the same (16-bit) values."""
    rng = rng_for("16", mode, aa, rank, str(dtype))
    for fmt in formats_for(rank):
        for ins, size, scale, ac in cases(rank):
            kw = mode_kwargs(mode, aa, size, scale, ac)
            what = "%s %s %s %s" % (dtype, fmt, ins, kw)
            x = to_format(torch.from_numpy(rng.standard_normal((2, 3) + ins)).to(dtype), fmt)
            with aht.enabled():
                before = dict(aht.calls)
                y = F.interpolate(x, **kw)
                g = to_format(torch.from_numpy(rng.standard_normal(tuple(y.shape))).to(dtype),
                              fmt)
                y, dx, _ = forward_backward(x, g, kw)
                assert aht.calls["aclnn_host"] == before["aclnn_host"] + 3, (what, aht.calls)
            y_ref, dx_ref = reference64(x, g, kw)
            assert y.dtype == dtype and dx.dtype == dtype
            assert_contract(y, y_ref, dtype, "forward " + what)
            assert_contract(dx, dx_ref, dtype, "backward " + what)
            if fmt == "channels_last":
                assert y.is_contiguous(memory_format=torch.channels_last), what
                assert dx.is_contiguous(memory_format=torch.channels_last), what


@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_float64_falls_back_to_pytorch(mode, aa, rank):
    rng = rng_for("f64", mode, aa, rank)
    for fmt in formats_for(rank):
        ins, size, scale, ac = cases(rank)[2]
        kw = mode_kwargs(mode, aa, size, scale, ac)
        x = to_format(torch.from_numpy(rng.standard_normal((2, 3) + ins)), fmt)
        with stock():
            y_stock = F.interpolate(x, **kw)
        g = to_format(torch.from_numpy(rng.standard_normal(tuple(y_stock.shape))), fmt)
        with stock():
            y_stock, dx_stock, _ = forward_backward(x, g, kw)
        with aht.enabled():
            before = dict(aht.calls)
            y, dx, _ = forward_backward(x, g, kw)
            assert aht.calls["fallback"] == before["fallback"] + 2, aht.calls
            assert aht.calls["aclnn_host"] == before["aclnn_host"], aht.calls
        assert torch.equal(y, y_stock) and torch.equal(dx, dx_stock), (fmt, kw)
        assert y.stride() == y_stock.stride() and dx.stride() == dx_stock.stride()


def test_uint8_nearest_falls_back_to_pytorch():
    x = torch.randint(0, 256, (2, 3, 5, 7), dtype=torch.uint8)
    for mode in NEAREST:
        with stock():
            ref = F.interpolate(x, size=(9, 4), mode=mode)
        with aht.enabled():
            before = dict(aht.calls)
            y = F.interpolate(x, size=(9, 4), mode=mode)
            assert aht.calls["fallback"] == before["fallback"] + 1
        assert torch.equal(y, ref)


# ------------------------------------------------------------ switching
def _which_path(x):
    """Runs one bicubic AA forward; returns the path it took."""
    before = dict(aht.calls)
    F.interpolate(x, size=(3, 4), mode="bicubic", antialias=True)
    ran = [k for k in before if aht.calls[k] != before[k]]
    return ran[0] if ran else "pytorch"


def test_enable_disable_enable():
    x = torch.rand(1, 2, 7, 9)
    assert not aht.is_enabled() and _which_path(x) == "pytorch"
    for _ in range(2):
        aht.enable()
        aht.enable()  # idempotent
        assert aht.is_enabled() and aht.overridden_ops()
        assert _which_path(x) == "aclnn_host"
        assert _which_path(x.double()) == "fallback"
        aht.disable()
        aht.disable()  # idempotent
        assert not aht.is_enabled() and aht.overridden_ops() == []
        assert _which_path(x) == "pytorch"
        assert _which_path(x.double()) == "pytorch"
        with pytest.raises(RuntimeError):  # stock 1.13 has no float16 AA kernel on CPU
            F.interpolate(x.half(), size=(3, 4), mode="bicubic", antialias=True)


def test_enabled_context_restores_previous_state():
    x = torch.rand(1, 2, 7, 9)
    with aht.enabled():
        assert aht.is_enabled() and _which_path(x) == "aclnn_host"
    assert not aht.is_enabled() and _which_path(x) == "pytorch"
    aht.enable()
    with aht.enabled():
        assert _which_path(x) == "aclnn_host"
    assert aht.is_enabled() and _which_path(x) == "aclnn_host"
    aht.disable()
    with pytest.raises(KeyError):
        with aht.enabled():
            raise KeyError("inside")
    assert not aht.is_enabled() and _which_path(x) == "pytorch"


# ------------------------------------------------------------ a training step
def test_training_step_gradients_match_pytorch():
    torch.manual_seed(0)
    x0 = torch.randn(2, 3, 20, 17)
    w0 = torch.randn(4, 3, 3, 3) * 0.2
    target = torch.randn(2, 4, 11, 13)

    def step(x_format):
        x = x0.clone(memory_format=x_format).requires_grad_()
        w = w0.clone().requires_grad_()
        h = F.conv2d(x, w, padding=1)
        y = F.interpolate(h, size=(11, 13), mode="bicubic", antialias=True, align_corners=False)
        loss = ((y - target) ** 2).mean()
        loss.backward()
        return loss.detach(), w.grad, x.grad

    for fmt in (torch.contiguous_format, torch.channels_last):
        with stock():
            ref = step(fmt)
        with aht.enabled():
            before = aht.calls["aclnn_host"]
            got = step(fmt)
            assert aht.calls["aclnn_host"] == before + 2, aht.calls
        for name, a, b in zip(("loss", "conv weight grad", "input grad"), got, ref):
            rel = float((a - b).abs().max() / b.abs().max())
            assert rel <= 1e-4, "%s (%s): relative difference %.3g" % (name, fmt, rel)


# ------------------------------------------------------------ bad arguments
@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_size_zero_raises_like_pytorch(mode, aa, rank):
    x = torch.rand((1, 2) + (5,) * (rank - 2))
    kw = kwargs_for(mode, aa, size=0)

    def outcome():
        try:
            F.interpolate(x, **kw)
        except Exception as e:  # noqa: BLE001
            return e
        return None

    with stock():
        theirs = outcome()
    with aht.enabled():
        ours = outcome()
    assert theirs is not None and ours is not None, (theirs, ours)
    assert type(ours) is type(theirs), (ours, theirs)
    assert "greater than 0" in str(ours).lower(), str(ours)


ATEN_ERRORS = [
    ("3d-input", lambda: torch.ops.aten.upsample_bilinear2d(torch.rand(1, 2, 5), [3, 3], False,
                                                             None, None)),
    ("5d-input", lambda: torch.ops.aten.upsample_bilinear2d(torch.rand(1, 2, 5, 5, 5), [3, 3],
                                                             False, None, None)),
    ("output-size-3", lambda: torch.ops.aten.upsample_bilinear2d(torch.rand(1, 2, 5, 5),
                                                                  [3, 3, 3], False, None, None)),
    ("output-size-1", lambda: torch.ops.aten._upsample_bicubic2d_aa(torch.rand(1, 2, 5, 5), [3],
                                                                     False, None, None)),
    ("negative-size", lambda: torch.ops.aten.upsample_nearest2d(torch.rand(1, 2, 5, 5), [-1, 3],
                                                                 None, None)),
    ("empty-input", lambda: torch.ops.aten.upsample_linear1d(torch.rand(1, 2, 0), [3], False,
                                                              None)),
    ("backward-grad-shape", lambda: torch.ops.aten.upsample_bilinear2d_backward(
        torch.rand(1, 2, 4, 4), [3, 3], [1, 2, 5, 5], False, None, None)),
    ("backward-input-size", lambda: torch.ops.aten._upsample_bicubic2d_aa_backward(
        torch.rand(1, 2, 3, 3), [3, 3], [1, 2, 5], False, None, None)),
    ("backward-output-size", lambda: torch.ops.aten.upsample_nearest1d_backward(
        torch.rand(1, 2, 3), [3, 1], [1, 2, 5], None)),
]


@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in ATEN_ERRORS])
def test_aten_shape_errors_raise_runtime_error(call):
    with stock():
        with pytest.raises(RuntimeError):
            call()
    with aht.enabled():
        with pytest.raises(RuntimeError) as ours:
            call()
    message = str(ours.value).lower()
    assert "expected" in message or "greater than 0" in message, message


def _raised(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and text are what is checked
        return e
    return None


@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_empty_channels_raise_like_pytorch(mode, aa, rank):
    """The forward ops take an empty input only by its batch (PyTorch's meta
    functions: "Non-empty 4D data tensor expected"); the backwards take both."""
    kw = kwargs_for(mode, aa, size=3)
    for shape in [(2, 0) + (4,) * (rank - 2), (0, 3) + (4,) * (rank - 2)]:
        x = torch.rand(shape)
        with stock():
            theirs = _raised(lambda: F.interpolate(x, **kw))
        with aht.enabled():
            ours = _raised(lambda: F.interpolate(x, **kw))
        assert type(ours) is type(theirs), (shape, ours, theirs)
        if theirs is not None:
            assert str(ours) == str(theirs), (shape, str(ours), str(theirs))
        else:
            with aht.enabled():
                assert F.interpolate(x, **kw).shape == (0, 3) + (3,) * (rank - 2)
        ours_np = _raised(lambda: aclnn_host.interpolate(x.numpy(), **kw))
        assert type(ours_np) is type(theirs), (shape, ours_np, theirs)


def strided_views(rank):
    """Views whose memory format is a question for suggest_memory_format:
    sliced and strided channels-last tensors (not densely packed), dims of
    size 1 in either format, transposed ones."""
    last = torch.channels_last if rank == 4 else torch.channels_last_3d
    spatial = (9, 8) if rank == 4 else (5, 6, 7)
    base = torch.rand((2, 6) + spatial).contiguous(memory_format=last)
    plain = torch.rand((2, 6) + spatial)
    views = {"cl[:, :4]": base[:, :4], "cl[:, :, ::2]": base[:, :, ::2],
             "cl[..., ::2]": base[..., ::2], "cl[:1]": base[:1], "cl[:, :1]": base[:, :1],
             "cl[:, :, :1]": base[:, :, :1], "cl[..., 1:]": base[..., 1:],
             "plain[:, :1]": plain[:, :1], "plain[..., :1]": plain[..., :1],
             "plain[:, :, ::3]": plain[:, :, ::3], "plain.transpose(1, -1)":
             plain.transpose(1, -1), "cl[:1, :1]": base[:1, :1]}
    return views


@pytest.mark.parametrize("mode,aa,rank", [m for m in all_modes()
                                          if m.values[2] in (4, 5) and m.values[0] != "bicubic"])
def test_results_take_pytorchs_memory_format_for_strided_views(mode, aa, rank):
    """PyTorch gives its upsample results the input's suggest_memory_format
    (channels-last strides need not be dense); the override's results and
    gradients have PyTorch's own strides for every such view. (1.13's bicubic
    kernels return NCHW for channels-last inputs: see expected_strides.)"""
    kw = mode_kwargs(mode, aa, (5,) * (rank - 2), None, None)
    for name, x in strided_views(rank).items():
        results = []
        for on in (False, True):
            with aht.enabled() if on else stock():
                xx = x.detach().requires_grad_()  # the view itself, strides and all
                y = F.interpolate(xx, **kw)
                g = y.detach().clone(memory_format=torch.preserve_format)  # y's strides
                (dx,) = torch.autograd.grad(y, xx, g)
                results.append((y, dx))
        (y_stock, dx_stock), (y, dx) = results
        assert y.stride() == y_stock.stride(), (name, y.stride(), y_stock.stride())
        # 1.13's nearest and nearest-exact 3-D backwards return NCDHW whatever
        # grad_output's format; the override keeps the format (README).
        if not (rank == 5 and mode in NEAREST):
            assert dx.stride() == dx_stock.stride(), (name, dx.stride(), dx_stock.stride())
        assert torch.allclose(y, y_stock, rtol=1e-5, atol=1e-6), name


@pytest.mark.parametrize("op,args", [
    ("upsample_bilinear2d", ([7, 13], False)), ("upsample_nearest2d", ([7, 13],)),
    ("_upsample_nearest_exact2d", ([7, 13],)), ("upsample_bicubic2d", ([7, 13], True)),
    ("_upsample_bilinear2d_aa", ([7, 13], False)), ("_upsample_bicubic2d_aa", ([7, 13], False))])
def test_direct_calls_take_a_scale_of_zero_or_less_as_not_given(op, args):
    """aten's kernels read a scale <= 0 as "not given" (F.interpolate never
    passes one, a direct call may): the override gives the result of None."""
    x = torch.rand(2, 3, 5, 6)
    fn = getattr(torch.ops.aten, op)
    with aht.enabled():
        unset = fn(x, *args, None, None)
        for s in (0.0, -1.0, -2.5):
            assert torch.equal(fn(x, *args, s, s), unset), (op, s)
        g = torch.rand(unset.shape)
        back = getattr(torch.ops.aten, op + "_backward")
        unset_back = back(g, args[0], list(x.shape), *args[1:], None, None)
        assert torch.equal(back(g, args[0], list(x.shape), *args[1:], -1.0, 0.0), unset_back)
    with stock():
        assert torch.allclose(fn(x, *args, -1.0, -1.0), unset, rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------ finite differences
@pytest.mark.parametrize("mode,aa,rank", all_modes())
def test_backward_is_the_adjoint_of_forward_float64(mode, aa, rank):
    """Central differences of the numpy forward in float64 along random
    directions against our backward: <F(x+eps v) - F(x-eps v), g>/(2 eps)
    = <v, F^T g>."""
    rng = rng_for("fd", mode, aa, rank)
    for ins, size, scale, ac in cases(rank):
        kw = mode_kwargs(mode, aa, size, scale, ac)
        shape = (2, 3) + ins
        x = rng.standard_normal(shape)
        y = aclnn_host.interpolate(x, **kw)
        if mode == "nearest" and scale is not None and any(
                o in (i, 2 * i) for o, i in zip(y.shape[2:], ins)):
            # PyTorch's nearest backward (nearest_idx) maps out == in and
            # out == 2 * in with shortcuts that ignore the scale, its NCHW
            # forward does not: not adjoint there, in PyTorch and here alike
            # (README); test_numpy_api compares both with PyTorch instead.
            continue
        for _ in range(3):
            v, g = rng.standard_normal(shape), rng.standard_normal(y.shape)
            eps = 1e-3
            fd = np.vdot(aclnn_host.interpolate(x + eps * v, **kw)
                         - aclnn_host.interpolate(x - eps * v, **kw), g) / (2 * eps)
            adj = np.vdot(v, aclnn_host.interpolate_backward(g, shape, **kw))
            scale_ = np.abs(v).sum() * np.abs(g).max()
            assert abs(fd - adj) <= 1e-9 * scale_, (kw, fd, adj)


def test_runs_on_pytorchs_openmp_threads_with_the_same_bytes():
    # PyTorch's OpenMP workers spin after each op: the override runs the
    # library on them (aclnn_host_use_openmp) rather than on threads of its own.
    openmp_backend = "parallel backend: OpenMP" in torch.__config__.parallel_info()
    x = torch.rand(2, 32, 96, 96, requires_grad=True)  # over 3 MiB: the team runs it
    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        with aht.enabled():
            results = []
            for team in (True, False, True):
                y = F.interpolate(x, size=(45, 61), mode="bicubic", antialias=True)
                assert aht._openmp == openmp_backend
                assert aclnn_host._lib.LIB.aclnn_host_use_openmp(int(team)) == int(
                    team and openmp_backend)
                y = F.interpolate(x, size=(45, 61), mode="bicubic", antialias=True)
                (g,) = torch.autograd.grad(y, x, torch.ones_like(y))
                results.append((y.detach().numpy().tobytes(), g.numpy().tobytes()))
            assert results[0] == results[1] == results[2]
    finally:
        aclnn_host._lib.LIB.aclnn_host_use_openmp(int(bool(aht._openmp)))
        torch.set_num_threads(threads)
