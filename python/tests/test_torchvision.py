"""torchvision's tensor resize (which calls F.interpolate) on aclnn-host."""
import numpy as np
import pytest
import torch

import aclnn_host.torch as aht
from _resize_helpers import assert_contract, stock, tolerance

torchvision = pytest.importorskip("torchvision")
from torchvision.transforms import InterpolationMode  # noqa: E402
from torchvision.transforms import functional as TF  # noqa: E402

SIZES = [[96, 72], [96, 420], [420, 72], 50]
MODES = [InterpolationMode.BILINEAR, InterpolationMode.BICUBIC]


def resize_on_aclnn_host(img, size, interpolation, antialias):
    with aht.enabled():
        before = aht.calls["aclnn_host"]
        out = TF.resize(img, size, interpolation=interpolation, antialias=antialias)
        assert aht.calls["aclnn_host"] == before + 1, "torchvision's resize did not reach aclnn-host"
    return out


@pytest.mark.parametrize("interpolation", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("batched", [False, True], ids=["chw", "nchw"])
def test_float32_resize_same_as_without_override(interpolation, batched):
    g = torch.Generator().manual_seed(1)
    shape = (2, 3, 290, 320) if batched else (3, 290, 320)
    img = torch.rand(shape, generator=g, dtype=torch.float32)
    for size in SIZES:
        for antialias in (True, False):
            what = "%s %s antialias=%s %s" % (interpolation.value, size, antialias, shape)
            with stock():
                ref = TF.resize(img.double(), size, interpolation=interpolation,
                                antialias=antialias).numpy()
                theirs = TF.resize(img, size, interpolation=interpolation, antialias=antialias)
            ours = resize_on_aclnn_host(img, size, interpolation, antialias)
            assert ours.shape == theirs.shape and ours.dtype == torch.float32, what
            assert_contract(ours, ref, torch.float32, what)
            gap = np.abs(ours.numpy().astype(np.float64) - theirs.numpy())
            assert np.all(gap <= 2 * tolerance(ref, torch.float32)), (
                "%s: %.3g from torchvision without the override" % (what, gap.max()))


def test_resize_antialias_vs_pil():
    """torchvision's test_resize_antialias (test_functional_tensor.py): a
    320x290 uint8 RGB image, resized as a tensor (cast to float32 ->
    aclnn-host -> rounded) and by PIL: mean abs difference <= 0.5, max <= 1
    (bilinear) or 15 (bicubic)."""
    pytest.importorskip("PIL")
    g = torch.Generator().manual_seed(2)
    tensor = torch.randint(0, 256, (3, 290, 320), dtype=torch.uint8, generator=g)
    pil_img = TF.to_pil_image(tensor)
    for interpolation in MODES:
        for size in [[96, 72], [96, 420], [420, 72]]:
            resized = resize_on_aclnn_host(tensor, size, interpolation, True)
            resized_pil = TF.resize(pil_img, size, interpolation=interpolation)
            pil_t = torch.as_tensor(np.array(resized_pil, copy=True)).permute(2, 0, 1)
            assert resized.shape == pil_t.shape and resized.dtype == torch.uint8
            diff = (resized.double() - pil_t.double()).abs()
            assert diff.mean() <= 0.5, (interpolation, size, float(diff.mean()))
            tol = 15.0 if interpolation == InterpolationMode.BICUBIC else 1.0 + 1e-5
            assert diff.max() <= tol, (interpolation, size, float(diff.max()))
            with stock():
                stock_t = TF.resize(tensor, size, interpolation=interpolation, antialias=True)
            # Same float32 values up to the bar; after rounding at most 1 apart.
            assert (resized.int() - stock_t.int()).abs().max() <= 1, (interpolation, size)
