"""PyTorch's own resize correctness tests (test/test_nn.py, TestNNDeviceType),
replayed with the override enabled: the expected numbers are Pillow's (AA) and
OpenCV's (plain bicubic), at PyTorch's default float32 tolerances
(torch.testing: rtol 1.3e-6, atol 1e-5) or the test's own atol.
Source: /work/shared/reference/pytorch_integration.md section 4."""
import pytest
import torch
import torch.nn.functional as F

import aclnn_host.torch as aht
from _resize_helpers import stock

MEMORY_FORMATS = [pytest.param(torch.contiguous_format, id="contiguous"),
                  pytest.param(torch.channels_last, id="channels_last")]


def ran_on_aclnn_host(fn):
    with aht.enabled():
        before = aht.calls["aclnn_host"]
        out = fn()
        assert aht.calls["aclnn_host"] > before, "the override did not run"
    return out


@pytest.mark.parametrize("memory_format", MEMORY_FORMATS)
def test_upsamplingBilinear2d_aa_correctness(memory_format):
    # The upstream test expands the batch to 23000 (a CUDA grid regression);
    # the 1.13 test used the plain (1, 3, 8, 8) input. Both shapes here.
    for batch in (1, 64):
        shape = [batch, 3, 8, 8]
        t_in = torch.arange(3 * 8 * 8, dtype=torch.float).reshape(1, *shape[1:])
        t_in = t_in.expand(shape)
        t_in = t_in.contiguous(memory_format=memory_format)
        # PIL.Image.resize((2, 2), resample=Image.LINEAR) of each channel
        expected_out = torch.tensor([
            17.035713, 20.25, 42.75, 45.964287, 81.03572, 84.25,
            106.75, 109.96428, 145.0357, 148.25, 170.75, 173.9643
        ], dtype=t_in.dtype).reshape(1, 3, 2, 2)
        t_out = ran_on_aclnn_host(lambda: F.interpolate(t_in, size=(2, 2), mode="bilinear",
                                                        align_corners=False, antialias=True))
        torch.testing.assert_close(t_out, expected_out.expand([*shape[:2], 2, 2]))


@pytest.mark.parametrize("memory_format", MEMORY_FORMATS)
def test_upsamplingBicubic2d_aa_correctness(memory_format):
    t_in = torch.arange(3 * 8 * 8, dtype=torch.float).reshape(1, 3, 8, 8)
    t_in = t_in.contiguous(memory_format=memory_format)
    # PIL.Image.resize((2, 2), resample=Image.BICUBIC) of each channel
    expected_out = torch.tensor([
        15.1205635, 18.760439, 44.23956, 47.879436, 79.12056, 82.76044,
        108.23956, 111.87944, 143.12057, 146.76044, 172.23956, 175.87943
    ], dtype=t_in.dtype).reshape(1, 3, 2, 2)
    t_out = ran_on_aclnn_host(lambda: F.interpolate(t_in, size=(2, 2), mode="bicubic",
                                                    align_corners=False, antialias=True))
    torch.testing.assert_close(t_out, expected_out)


@pytest.mark.parametrize("memory_format", MEMORY_FORMATS)
def test_upsamplingBicubic2d_correctness(memory_format):
    # Non-AA bicubic against OpenCV, atol 1e-5, rtol 0 (the full 4x4 matrix
    # as in PyTorch's test; the reference quotes its first row).
    in_t = torch.arange(8.).view(1, 2, 2, 2).contiguous(memory_format=memory_format)
    expected_out_t = torch.tensor(
        [[[[-0.31641, 0.01562, 0.56250, 0.89453],
           [0.34766, 0.67969, 1.22656, 1.55859],
           [1.44141, 1.77344, 2.32031, 2.65234],
           [2.10547, 2.43750, 2.98438, 3.31641]],

          [[3.68359, 4.01562, 4.56250, 4.89453],
           [4.34766, 4.67969, 5.22656, 5.55859],
           [5.44141, 5.77344, 6.32031, 6.65234],
           [6.10547, 6.43750, 6.98438, 7.31641]]]])
    out_t = ran_on_aclnn_host(lambda: F.interpolate(in_t, scale_factor=2, mode="bicubic",
                                                    align_corners=False))
    torch.testing.assert_close(out_t, expected_out_t, atol=1e-5, rtol=0)


@pytest.mark.parametrize("memory_format", MEMORY_FORMATS)
@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
@pytest.mark.parametrize("align_corners", [True, False])
@pytest.mark.parametrize("antialias", [True, False])
def test_upsamplingBiMode2d(antialias, align_corners, mode, memory_format):
    """test_upsamplingBiMode2d's CPU checks: a constant input stays constant,
    the memory format is kept (output and input grad), and gradcheck holds
    (float64: the override's fallback to PyTorch's kernels). Also the float32
    path (aclnn-host) for the constant and memory-format checks."""
    kwargs = dict(mode=mode, align_corners=align_corners, antialias=antialias)
    with aht.enabled():
        for dtype in (torch.double, torch.float, torch.bfloat16):
            for scale_factor in [0.5, 1.5, 2]:
                in_t = torch.ones(2, 3, 8, 8, dtype=dtype).contiguous(
                    memory_format=memory_format).requires_grad_()
                out_size = int(8 * scale_factor)
                before = dict(aht.calls)
                out_t = F.interpolate(in_t, scale_factor=scale_factor, **kwargs)
                expected_out = torch.ones(2, 3, out_size, out_size, dtype=dtype)
                torch.testing.assert_close(expected_out, out_t, atol=1e-5, rtol=0)
                assert out_t.is_contiguous(memory_format=memory_format) or (
                    dtype == torch.double and mode == "bicubic"), (
                    "output memory format", dtype, scale_factor)
                out_t.backward(torch.randn_like(out_t))
                assert in_t.grad.is_contiguous(memory_format=memory_format)
                path = "fallback" if dtype == torch.double else "aclnn_host"
                assert aht.calls[path] == before[path] + 2, (dtype, aht.calls)

        in_t = torch.randn(2, 3, 8, 8, dtype=torch.double).contiguous(
            memory_format=memory_format).requires_grad_()
        out_size = [10, 7]
        assert torch.autograd.gradcheck(lambda x: F.interpolate(x, out_size, **kwargs), [in_t],
                                        nondet_tol=0.0, fast_mode=True)


def test_expected_values_are_pytorchs_own():
    """The same literals against stock PyTorch 1.13 (so the expectations, not
    just the override, are checked)."""
    with stock():
        t_in = torch.arange(3 * 8 * 8, dtype=torch.float).reshape(1, 3, 8, 8)
        out = F.interpolate(t_in, size=(2, 2), mode="bicubic", align_corners=False,
                            antialias=True)
        torch.testing.assert_close(out[0, 0].flatten(),
                                   torch.tensor([15.1205635, 18.760439, 44.23956, 47.879436]))
        out = F.interpolate(torch.arange(8.).view(1, 2, 2, 2), scale_factor=2, mode="bicubic",
                            align_corners=False)
        torch.testing.assert_close(out[0, 0, 0], torch.tensor([-0.31641, 0.01562, 0.56250,
                                                               0.89453]), atol=1e-5, rtol=0)
