#!/usr/bin/python3
"""Cross-check of the resize family against PyTorch: drives the built
libaclnn_host through its C API (ctypes) on random cases of every dtype, layout
and format each function accepts, and compares with the PyTorch op the
function matches, computed in float64 (the truth):
  FLOAT   |err| <= 2e-6 |ref| + 1e-5 max|ref|
  FLOAT16/BFLOAT16: that plus half an ulp of the dtype
  DOUBLE  |err| <= 1e-12 (|ref| + max|ref|)
  nearest forwards (every dtype, UINT8 too): bit for bit
Also checks that no byte outside out's view changed.

usage: family_crosscheck.py LIBRARY [--function NAME ...] [--cases N] [--seed S]
Prints per function and dtype the case count and the worst error/tolerance,
then 'family_crosscheck: N passed, M failed'."""
import argparse
import ctypes as C
import math
import random
import sys

import numpy as np
import torch

ACL_FLOAT, ACL_FLOAT16, ACL_UINT8, ACL_DOUBLE, ACL_BF16 = 0, 1, 4, 11, 27
NCHW, NHWC, ND, NCL, NDHWC, NCDHW = 0, 1, 2, 47, 27, 30
H2D, D2H = 1, 2
TORCH = {ACL_FLOAT: torch.float32, ACL_FLOAT16: torch.float16, ACL_BF16: torch.bfloat16,
         ACL_DOUBLE: torch.float64, ACL_UINT8: torch.uint8}
NAMES = {ACL_FLOAT: "float32", ACL_FLOAT16: "float16", ACL_BF16: "bfloat16",
         ACL_DOUBLE: "float64", ACL_UINT8: "uint8"}
RAW = {1: np.uint8, 2: np.int16, 4: np.int32, 8: np.int64}
MANT = {ACL_FLOAT: 23, ACL_FLOAT16: 10, ACL_BF16: 7}
EMIN = {ACL_FLOAT: -126, ACL_FLOAT16: -14, ACL_BF16: -126}
aten = torch.ops.aten


def none_if_unset(s):
    return s if s > 0 else None


# name: (direction, filter, align, scales kind, dtypes, formats, torch reference)
# scales kind: None (no scales), "double", "float", "resize"
FUNCTIONS = {
    "aclnnUpsampleNearest2d": ("fwd", "nearest", False, None,
                               [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8],
                               [NCHW, NHWC],
                               lambda x, o, i, ac, sh, sw: aten.upsample_nearest2d(x, o, None, None)),
    "aclnnUpsampleNearest2dV2": ("fwd", "nearest", False, "float",
                                 [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8],
                                 [NCHW, NHWC],
                                 lambda x, o, i, ac, sh, sw: aten.upsample_nearest2d(
                                     x, o, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleNearest2dBackward": ("bwd", "nearest", False, "double",
                                       [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, NHWC],
                                       lambda g, o, i, ac, sh, sw: aten.upsample_nearest2d_backward(
                                           g, o, i, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleNearestExact2d": ("fwd", "nearest", False, "double",
                                    [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_UINT8], [NCHW, NHWC, ND],
                                    lambda x, o, i, ac, sh, sw: aten._upsample_nearest_exact2d(
                                        x, o, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleNearestExact2dBackward": (
        "bwd", "nearest", False, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, ND],
        lambda g, o, i, ac, sh, sw: aten._upsample_nearest_exact2d_backward(
            g, o, i, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBilinear2d": ("fwd", "linear", True, "double",
                                [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE], [NCHW, NHWC],
                                lambda x, o, i, ac, sh, sw: aten.upsample_bilinear2d(
                                    x, o, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBilinear2dBackward": ("bwd", "linear", True, "double",
                                        [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, NHWC],
                                        lambda g, o, i, ac, sh, sw: aten.upsample_bilinear2d_backward(
                                            g, o, i, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBilinear2dBackwardV2": ("bwd", "linear", True, "double",
                                          [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, NHWC],
                                          lambda g, o, i, ac, sh, sw: aten.upsample_bilinear2d_backward(
                                              g, o, i, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBilinear2dAA": ("fwd", "aa", True, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
                                  [NCHW, ND],
                                  lambda x, o, i, ac, sh, sw: aten._upsample_bilinear2d_aa(
                                      x, o, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBilinear2dAABackward": (
        "bwd", "aa", True, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, ND],
        lambda g, o, i, ac, sh, sw: aten._upsample_bilinear2d_aa_backward(
            g, o, i, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBicubic2d": ("fwd", "cubic", True, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
                               [NCHW, ND, NHWC],
                               lambda x, o, i, ac, sh, sw: aten.upsample_bicubic2d(
                                   x, o, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnUpsampleBicubic2dBackward": ("bwd", "cubic", True, "double",
                                       [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCHW, ND, NHWC],
                                       lambda g, o, i, ac, sh, sw: aten.upsample_bicubic2d_backward(
                                           g, o, i, ac, none_if_unset(sh), none_if_unset(sw))),
    "aclnnResize": ("fwd", "resize", False, "resize", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
                    [NCHW, NHWC], None),
    # 1-D: (N, C, L) tensors; the reference gets L as the last dim and one scale (sw).
    "aclnnUpsampleNearest1d": ("fwd", "nearest", False, None,
                               [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8], [NCL],
                               lambda x, o, i, ac, sh, sw: aten.upsample_nearest1d(x, o, None)),
    "aclnnUpsampleNearest1dV2": ("fwd", "nearest", False, "float",
                                 [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8], [NCL],
                                 lambda x, o, i, ac, sh, sw: aten.upsample_nearest1d(
                                     x, o, none_if_unset(sw))),
    "aclnnUpsampleNearest1dBackward": ("bwd", "nearest", False, "double",
                                       [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE], [NCL, ND],
                                       lambda g, o, i, ac, sh, sw: aten.upsample_nearest1d_backward(
                                           g, o, i, none_if_unset(sw))),
    "aclnnUpsampleNearestExact1d": ("fwd", "nearest", False, "double",
                                    [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_UINT8], [NCL, ND],
                                    lambda x, o, i, ac, sh, sw: aten._upsample_nearest_exact1d(
                                        x, o, none_if_unset(sw))),
    "aclnnUpsampleNearestExact1dBackward": (
        "bwd", "nearest", False, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCL, ND],
        lambda g, o, i, ac, sh, sw: aten._upsample_nearest_exact1d_backward(
            g, o, i, none_if_unset(sw))),
    "aclnnUpsampleLinear1d": ("fwd", "linear", True, "double", [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
                              [NCL, ND],
                              lambda x, o, i, ac, sh, sw: aten.upsample_linear1d(
                                  x, o, ac, none_if_unset(sw))),
    "aclnnUpsampleLinear1dBackward": ("bwd", "linear", True, "double",
                                      [ACL_FLOAT, ACL_FLOAT16, ACL_BF16], [NCL, ND],
                                      lambda g, o, i, ac, sh, sw: aten.upsample_linear1d_backward(
                                          g, o, i, ac, none_if_unset(sw))),
}
ONE_D = {name for name in FUNCTIONS if "1d" in name}

# 3-D: (N, C, D, H, W); the scales count only when all three are given (CANN),
# so the reference gets all three or none. name: (direction, filter, align,
# dtypes, torch reference(x, size, input_size, align, scales or None)).
VOLUMES = {
    "aclnnUpsampleNearest3d": ("fwd", "nearest", False,
                               [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8],
                               lambda x, o, i, ac, s: aten.upsample_nearest3d(x, o, *s)),
    "aclnnUpsampleNearest3dBackward": ("bwd", "nearest", False,
                                       [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE],
                                       lambda g, o, i, ac, s: aten.upsample_nearest3d_backward(
                                           g, o, i, *s)),
    "aclnnUpsampleNearestExact3d": ("fwd", "nearest", False, [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
                                    lambda x, o, i, ac, s: aten._upsample_nearest_exact3d(
                                        x, o, *s)),
    "aclnnUpsampleNearestExact3dBackward": (
        "bwd", "nearest", False, [ACL_FLOAT, ACL_FLOAT16, ACL_BF16],
        lambda g, o, i, ac, s: aten._upsample_nearest_exact3d_backward(g, o, i, *s)),
    "aclnnUpsampleTrilinear3d": ("fwd", "linear", True,
                                 [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE],
                                 lambda x, o, i, ac, s: aten.upsample_trilinear3d(x, o, ac, *s)),
    "aclnnUpsampleTrilinear3dBackward": ("bwd", "linear", True,
                                         [ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE],
                                         lambda g, o, i, ac, s: aten.upsample_trilinear3d_backward(
                                             g, o, i, ac, *s)),
}


def load(path):
    lib = C.CDLL(path)
    i64p, vp, u64p = C.POINTER(C.c_int64), C.c_void_p, C.POINTER(C.c_uint64)
    sig = {
        "aclrtMalloc": (C.c_int, [C.POINTER(vp), C.c_size_t, C.c_int]),
        "aclrtFree": (C.c_int, [vp]),
        "aclrtMemcpy": (C.c_int, [vp, C.c_size_t, vp, C.c_size_t, C.c_int]),
        "aclrtSynchronizeStream": (C.c_int, [vp]),
        "aclCreateTensor": (vp, [i64p, C.c_uint64, C.c_int, i64p, C.c_int64, C.c_int, i64p,
                                 C.c_uint64, vp]),
        "aclCreateIntArray": (vp, [i64p, C.c_uint64]),
        "aclCreateFloatArray": (vp, [C.POINTER(C.c_float), C.c_uint64]),
        "aclDestroyTensor": (C.c_int, [vp]),
        "aclDestroyIntArray": (C.c_int, [vp]),
        "aclDestroyFloatArray": (C.c_int, [vp]),
        "aclGetRecentErrMsg": (C.c_char_p, []),
    }
    for name, (direction, _, align, scales, _, _, _) in FUNCTIONS.items():
        args = [vp, vp] + ([vp] if direction == "bwd" else []) + ([C.c_bool] if align else [])
        count = 1 if name in ONE_D else 2
        if scales == "double":
            args += [C.c_double] * count
        elif scales == "float":
            args += [C.c_float] * count
        elif scales == "resize":
            args = [vp, vp, C.c_char_p]
        sig[name + "GetWorkspaceSize"] = (C.c_int, args + [vp, u64p, C.POINTER(vp)])
        sig[name] = (C.c_int, [vp, C.c_uint64, vp, vp])
    for name, (direction, _, align, _, _) in VOLUMES.items():
        args = [vp, vp] + ([vp] if direction == "bwd" else []) + ([C.c_bool] if align else [])
        sig[name + "GetWorkspaceSize"] = (C.c_int, args + [C.c_double] * 3 + [vp, u64p,
                                                                               C.POINTER(vp)])
        sig[name] = (C.c_int, [vp, C.c_uint64, vp, vp])
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def arr(values):
    return (C.c_int64 * len(values))(*values)


def nchw_strides(shape, layout):
    """Strides (elements) of an (N, C, H, W) tensor, offset, storage size."""
    n, c, h, w = shape
    if layout == "contiguous":
        return [c * h * w, h * w, w, 1], 0, n * c * h * w
    if layout == "channels_last":
        return [h * w * c, 1, w * c, c], 0, n * c * h * w
    pitch, plane = w + 3, (w + 3) * h + 7  # padded rows and planes, offset 5
    return [plane * c, plane, pitch, 1], 5, 5 + plane * c * n + 4


class DeviceTensor:
    """A device tensor holding an (N, C, H, W) tensor; in NHWC format its
    aclTensor view is (N, H, W, C) over the same storage; a 1-D function's
    tensor has H = 1 and the view (N, C, L)."""
    SENTINEL = 77

    def __init__(self, lib, shape, dtype, layout, fmt, values=None, one_d=False):
        self.lib, self.shape, self.dtype = lib, shape, dtype
        self.strides, self.offset, self.storage = nchw_strides(shape, layout)
        self.host = torch.full((self.storage,), self.SENTINEL, dtype=TORCH[dtype])
        if values is not None:
            torch.as_strided(self.host, shape, self.strides, self.offset).copy_(values)
        self.esize = self.host.element_size()
        self.nbytes = self.storage * self.esize
        self.ptr = C.c_void_p()
        assert lib.aclrtMalloc(C.byref(self.ptr), self.nbytes, 0) == 0
        raw = self.host.view(torch.uint8).numpy() if self.esize == 1 else \
            self.host.view({2: torch.int16, 4: torch.int32, 8: torch.int64}[self.esize]).numpy()
        assert lib.aclrtMemcpy(self.ptr, self.nbytes, raw.ctypes.data, self.nbytes, H2D) == 0
        perm = [0, 1, 3] if one_d else ([0, 2, 3, 1] if fmt == NHWC else [0, 1, 2, 3])
        view = [shape[k] for k in perm]
        strides = [self.strides[k] for k in perm]
        self.tensor = lib.aclCreateTensor(arr(view), len(view), dtype, arr(strides), self.offset,
                                          fmt, arr([self.storage]), 1, self.ptr)
        assert self.tensor

    def read(self):
        raw = np.empty(self.storage, dtype=RAW[self.esize])
        assert self.lib.aclrtMemcpy(raw.ctypes.data, self.nbytes, self.ptr, self.nbytes, D2H) == 0
        back = torch.from_numpy(raw).view(TORCH[self.dtype])
        view = torch.as_strided(back, self.shape, self.strides, self.offset)
        mask = torch.ones(self.storage, dtype=torch.bool)
        torch.as_strided(mask, self.shape, self.strides, self.offset).fill_(False)
        untouched = bool((back[mask] == self.SENTINEL).all())
        return view.clone(), untouched

    def free(self):
        self.lib.aclDestroyTensor(self.tensor)
        self.lib.aclrtFree(self.ptr)


def ulp(x, dtype):
    ax = x.abs()
    e = torch.where(ax > 0, torch.floor(torch.log2(ax.clamp_min(1e-300))), torch.full_like(ax, -1e9))
    e = e.clamp_min(EMIN[dtype])
    return torch.pow(2.0, e - MANT[dtype])


def nchw_path(op, x, *args):
    """op on x through PyTorch 1.13's NCHW kernel. Its nearest forward differs
    by memory format (the channels-last kernel keeps nearest_idx's out == in and
    out == 2 * in shortcuts, the NCHW one does not), and a tensor with one
    channel counts as channels-last: one more channel makes the layout plain."""
    padded = torch.cat([x, torch.zeros_like(x[:, :1])], dim=1)
    return op(padded, *args)[:, :x.shape[1]]


def random_axis(rng, filt, scales_kind):
    """(forward input size, forward output size, scale) of one axis."""
    kind = rng.choice(["down", "up", "same", "one", "any"])
    i = rng.randint(1, 40)
    o = {"down": max(1, i // rng.choice([2, 3, 4])), "up": min(i * rng.choice([2, 3]), 80),
         "same": i, "one": 1, "any": rng.randint(1, 40)}[kind]
    if scales_kind is None:
        return i, o, 0.0
    mode = rng.choice(["none", "none", "consistent", "inconsistent", "negative"])
    if scales_kind == "resize":
        s = float(np.float32(rng.choice([0.5, 1.0, 1.5, 2.0, 3.0, rng.uniform(0.25, 3.0)])))
        return (i, math.floor(i * s), s) if math.floor(i * s) >= 1 else (i, i, 1.0)
    if mode == "consistent":
        s = rng.uniform(0.3, 3.0)
        o = max(1, min(math.floor(i * s), 80))
        s = o / i if math.floor(i * s) < 1 else s
    elif mode == "inconsistent":
        # PyTorch reads outside the input (undefined) when the source index
        # passes the end: only scales that keep it inside (s >= out / in).
        s = o / i * rng.uniform(1.0, 2.5) if filt != "nearest" else rng.uniform(0.1, 4.0)
    elif mode == "negative":
        s = -rng.uniform(0.5, 3.0)
    else:
        s = 0.0
    if scales_kind == "float":
        s = float(np.float32(s))
    return i, o, s


def run_case(lib, name, rng, case_no):
    direction, filt, align, scales_kind, dtypes, formats, reference = FUNCTIONS[name]
    dtype = dtypes[case_no % len(dtypes)]
    fmt = formats[(case_no // len(dtypes)) % len(formats)]
    layout = rng.choice(["contiguous", "channels_last", "padded"])
    n, c = rng.randint(1, 2), rng.randint(1, 4)
    ac = align and rng.random() < 0.35
    (hi, ho, sh), (wi, wo, sw) = random_axis(rng, filt, scales_kind), random_axis(rng, filt,
                                                                               scales_kind)
    one_d = name in ONE_D
    if one_d:
        hi, ho, sh = 1, 1, 0.0
        if name == "aclnnUpsampleLinear1d" and sw == 0.0:
            sw = -1.0  # CANN's rule: 0 must give the size; negative means "not given"
        if name == "aclnnUpsampleLinear1d" and sw > 0 and math.trunc(wi * sw) != wo:
            sw = -1.0
    if name == "aclnnUpsampleBilinear2d" and dtype == ACL_DOUBLE:
        fmt = NHWC  # DOUBLE only as NHWC (CANN)
    refuses_negative = name in ("aclnnUpsampleNearestExact2d", "aclnnUpsampleNearestExact2dBackward",
                                "aclnnUpsampleNearestExact1dBackward",
                                "aclnnUpsampleBilinear2d", "aclnnUpsampleBilinear2dAA",
                                "aclnnUpsampleBilinear2dAABackward")
    if refuses_negative:
        sh, sw = max(sh, 0.0), max(sw, 0.0)
    if name in ("aclnnUpsampleNearestExact2dBackward",
                "aclnnUpsampleNearestExact1dBackward"):  # forward upscale <= 50x
        if (sh > 0 and 1 / sh < 0.02) or (sh <= 0 and hi / ho < 0.02):
            sh = 0.0
        if (sw > 0 and 1 / sw < 0.02) or (sw <= 0 and wi / wo < 0.02):
            sw = 0.0
    forward = direction == "fwd"
    src_shape = [n, c, hi, wi] if forward else [n, c, ho, wo]
    dst_shape = [n, c, ho, wo] if forward else [n, c, hi, wi]
    count = n * c * src_shape[2] * src_shape[3]
    if dtype == ACL_UINT8:
        v = torch.randint(0, 256, src_shape, dtype=torch.uint8,
                          generator=torch.Generator().manual_seed(rng.randint(0, 1 << 30)))
    else:
        v = torch.from_numpy(np.array([rng.uniform(-4, 4) for _ in range(count)])
                             .reshape(src_shape)).to(TORCH[dtype])
    dst_dtype = dtype
    if name == "aclnnUpsampleBilinear2dBackward" and dtype == ACL_FLOAT and rng.random() < 0.3:
        dst_dtype = rng.choice([ACL_FLOAT16, ACL_BF16])  # a FLOAT gradOut may write 16-bit
    if filt == "resize":
        mode = rng.choice(["nearest", "bilinear"])
        x = v.double()
        ref = (nchw_path(aten.upsample_nearest2d, x, [ho, wo], sh, sw) if mode == "nearest"
               else aten.upsample_bilinear2d(x, [ho, wo], False, sh, sw))
    elif forward and filt == "nearest":
        # Copies of the dtype's values (PyTorch 1.13 has no 16-bit CPU
        # nearest: the same gather in float32, exact both ways).
        x = v.float() if dtype in (ACL_FLOAT16, ACL_BF16) else v
        if one_d:
            ref = nchw_path(lambda t, *a: reference(t[:, :, 0], [wo], None, ac, sh, sw)
                            .unsqueeze(2), x).to(TORCH[dtype])
        else:
            ref = nchw_path(reference, x, [ho, wo], None, ac, sh, sw).to(TORCH[dtype])
    elif forward and one_d:
        ref = reference(v.double()[:, :, 0], [wo], None, ac, sh, sw).unsqueeze(2)
    elif one_d:
        ref = reference(v.double()[:, :, 0], [wo], [n, c, wi], ac, sh, sw).unsqueeze(2)
    elif forward:
        ref = reference(v.double(), [ho, wo], None, ac, sh, sw)
    else:
        ref = reference(v.double(), [ho, wo], [n, c, hi, wi], ac, sh, sw)
    src = DeviceTensor(lib, src_shape, dtype, layout, fmt, v, one_d)
    out = DeviceTensor(lib, dst_shape, dst_dtype, rng.choice(["contiguous", "channels_last",
                                                              "padded"]), fmt, one_d=one_d)
    keep = []
    ws_size, exe, ws = C.c_uint64(0), C.c_void_p(), C.c_void_p()
    phase1 = getattr(lib, name + "GetWorkspaceSize")
    if filt == "resize":
        scales = (C.c_float * 4)(*([1.0, sh, sw, 1.0] if fmt == NHWC else [1.0, 1.0, sh, sw]))
        fa = lib.aclCreateFloatArray(scales, 4)
        keep.append(("f", fa))
        st = phase1(src.tensor, fa, mode.encode(), out.tensor, C.byref(ws_size), C.byref(exe))
    else:
        osz = lib.aclCreateIntArray(arr([wo] if one_d else [ho, wo]), 1 if one_d else 2)
        keep.append(("i", osz))
        args = [src.tensor, osz]
        if not forward:
            isz_values = [n, c, wi] if one_d else ([n, hi, wi, c] if fmt == NHWC else [n, c, hi, wi])
            isz = lib.aclCreateIntArray(arr(isz_values), len(isz_values))
            keep.append(("i", isz))
            args.append(isz)
        if align:
            args.append(ac)
        if scales_kind is not None:
            args += [sw] if one_d else [sh, sw]
        st = phase1(*args, out.tensor, C.byref(ws_size), C.byref(exe))
    case = dict(mode=mode if filt == "resize" else filt, dtype=NAMES[dtype], out=NAMES[dst_dtype], fmt=fmt, layout=layout, n=n, c=c, ac=ac,
                h=(hi, ho, sh), w=(wi, wo, sw))
    try:
        if st != 0:
            raise RuntimeError("phase 1 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
        if ws_size.value:
            assert lib.aclrtMalloc(C.byref(ws), ws_size.value, 0) == 0
        st = getattr(lib, name)(ws, ws_size, exe, None)
        if st != 0:
            raise RuntimeError("phase 2 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
        assert lib.aclrtSynchronizeStream(None) == 0
        got, untouched = out.read()
    finally:
        if ws_size.value and ws.value:
            lib.aclrtFree(ws)
        for t in (src, out):
            t.free()
        for kind, h in keep:
            (lib.aclDestroyFloatArray if kind == "f" else lib.aclDestroyIntArray)(h)
    if forward and filt == "nearest":  # copies: bit for bit
        flat = lambda t: t.reshape(-1).clone(memory_format=torch.contiguous_format).view(torch.uint8)  # noqa: E731
        exact = torch.equal(flat(got), flat(ref))
        return (0.0 if exact else float("inf")), untouched, case, dst_dtype
    got, ref = got.double(), ref.double()
    max_ref = float(ref.abs().max())
    if dst_dtype == ACL_DOUBLE:
        tol = 1e-12 * (ref.abs() + max_ref)
    else:
        tol = 2e-6 * ref.abs() + 1e-5 * max_ref
        if dst_dtype != ACL_FLOAT:
            tol = tol + 0.5 * ulp(ref, dst_dtype)
    tol = tol.clamp_min(1e-30)
    return float(((got - ref).abs() / tol).max()), untouched, case, dst_dtype


class VolumeTensor:
    """A device tensor holding an (N, C, D, H, W) tensor, contiguous,
    channels-last (its aclTensor then NDHWC, view (N, D, H, W, C)) or with
    padded rows and an offset."""
    SENTINEL = 77

    def __init__(self, lib, shape, dtype, layout, fmt, values=None):
        self.lib, self.shape, self.dtype = lib, shape, dtype
        n, c, d, h, w = shape
        if layout == "channels_last":
            self.strides, self.offset = [d * h * w * c, 1, h * w * c, w * c, c], 0
        elif layout == "padded":
            pitch = w + 2
            self.strides, self.offset = [c * d * h * pitch, d * h * pitch, h * pitch, pitch, 1], 3
        else:
            self.strides, self.offset = [c * d * h * w, d * h * w, h * w, w, 1], 0
        self.storage = self.offset + sum((s - 1) * st for s, st in zip(shape, self.strides)) + 2
        self.host = torch.full((self.storage,), self.SENTINEL, dtype=TORCH[dtype])
        if values is not None:
            torch.as_strided(self.host, shape, self.strides, self.offset).copy_(values)
        self.esize = self.host.element_size()
        self.nbytes = self.storage * self.esize
        self.ptr = C.c_void_p()
        assert lib.aclrtMalloc(C.byref(self.ptr), self.nbytes, 0) == 0
        raw = self.host.view({1: torch.uint8, 2: torch.int16, 4: torch.int32,
                              8: torch.int64}[self.esize]).numpy()
        assert lib.aclrtMemcpy(self.ptr, self.nbytes, raw.ctypes.data, self.nbytes, H2D) == 0
        perm = [0, 2, 3, 4, 1] if fmt == NDHWC else [0, 1, 2, 3, 4]
        self.tensor = lib.aclCreateTensor(arr([shape[k] for k in perm]), 5, dtype,
                                          arr([self.strides[k] for k in perm]), self.offset, fmt,
                                          arr([self.storage]), 1, self.ptr)
        assert self.tensor

    read = DeviceTensor.read
    free = DeviceTensor.free


def run_volume_case(lib, name, rng, case_no):
    direction, filt, align, dtypes, reference = VOLUMES[name]
    dtype = dtypes[case_no % len(dtypes)]
    layout = rng.choice(["contiguous", "channels_last", "padded"])
    fmt = NDHWC if layout == "channels_last" else rng.choice([NCDHW, ND])
    n, c = rng.randint(1, 2), rng.randint(1, 3)
    ins = [rng.randint(1, 7) for _ in range(3)]
    outs = [max(1, min(12, int(i * rng.choice([0.5, 1, 1.5, 2, 3])))) for i in ins]
    ac = align and rng.random() < 0.35
    given = rng.random() < 0.4
    scales = [o / i * (1.0 if filt != "nearest" else rng.uniform(0.8, 1.25))
              for i, o in zip(ins, outs)] if given else [0.0, 0.0, 0.0]
    if not given and rng.random() < 0.5:
        scales[rng.randint(0, 2)] = 1.5  # one scale alone: CANN uses none
    if name == "aclnnUpsampleNearestExact3d" and given:
        scales = [o / i for i, o in zip(ins, outs)]  # sizes must match given scales
    if name == "aclnnUpsampleNearestExact3dBackward":
        scales = [s if s <= 50 else 0.0 for s in scales]
    used = scales if all(s > 0 for s in scales) else [None, None, None]
    forward = direction == "fwd"
    src_shape = [n, c] + (ins if forward else outs)
    dst_shape = [n, c] + (outs if forward else ins)
    if dtype == ACL_UINT8:
        v = torch.randint(0, 256, src_shape, dtype=torch.uint8,
                          generator=torch.Generator().manual_seed(rng.randint(0, 1 << 30)))
    else:
        v = torch.from_numpy(np.array([rng.uniform(-4, 4) for _ in range(math.prod(src_shape))])
                             .reshape(src_shape)).to(TORCH[dtype])
    if forward and filt == "nearest":
        x = v.float() if dtype in (ACL_FLOAT16, ACL_BF16) else v
        ref = nchw_path(reference, x, outs, None, ac, used).to(TORCH[dtype])
    elif forward:
        ref = reference(v.double(), outs, None, ac, used)
    else:
        ref = reference(v.double(), outs, [n, c] + ins, ac, used)
    src = VolumeTensor(lib, src_shape, dtype, layout, fmt, v)
    out = VolumeTensor(lib, dst_shape, dtype, layout, fmt)
    osz = lib.aclCreateIntArray(arr(outs), 3)
    handles = [osz]
    args = [src.tensor, osz]
    if not forward:
        isz = lib.aclCreateIntArray(arr([n, c] + ins), 5)  # (N, C, D, H, W) in every format
        handles.append(isz)
        args.append(isz)
    if align:
        args.append(ac)
    ws_size, exe, ws = C.c_uint64(0), C.c_void_p(), C.c_void_p()
    case = dict(dtype=NAMES[dtype], fmt=fmt, layout=layout, n=n, c=c, ins=ins, outs=outs, ac=ac,
                scales=scales)
    try:
        st = getattr(lib, name + "GetWorkspaceSize")(*args, *scales, out.tensor, C.byref(ws_size),
                                                      C.byref(exe))
        if st != 0:
            raise RuntimeError("phase 1 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
        if ws_size.value:
            assert lib.aclrtMalloc(C.byref(ws), ws_size.value, 0) == 0
        st = getattr(lib, name)(ws, ws_size, exe, None)
        if st != 0:
            raise RuntimeError("phase 2 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
        assert lib.aclrtSynchronizeStream(None) == 0
        got, untouched = out.read()
    finally:
        if ws_size.value and ws.value:
            lib.aclrtFree(ws)
        src.free()
        out.free()
        for h in handles:
            lib.aclDestroyIntArray(h)
    if forward and filt == "nearest":
        flat = lambda t: t.reshape(-1).clone(memory_format=torch.contiguous_format).view(torch.uint8)  # noqa: E731
        return (0.0 if torch.equal(flat(got), flat(ref)) else float("inf")), untouched, case, dtype
    got, ref = got.double(), ref.double()
    max_ref = float(ref.abs().max())
    if dtype == ACL_DOUBLE:
        tol = 1e-12 * (ref.abs() + max_ref)
    else:
        tol = 2e-6 * ref.abs() + 1e-5 * max_ref
        if dtype != ACL_FLOAT:
            tol = tol + 0.5 * ulp(ref, dtype)
    return float(((got - ref).abs() / tol.clamp_min(1e-30)).max()), untouched, case, dtype


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("--function", action="append", choices=sorted(FUNCTIONS) + sorted(VOLUMES))
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    torch.set_num_threads(1)
    lib = load(args.library)
    rng = random.Random(args.seed)
    passed = failed = 0
    for name in args.function or list(FUNCTIONS) + list(VOLUMES):
        worst, counts = {}, {}
        for k in range(args.cases):
            try:
                runner = run_volume_case if name in VOLUMES else run_case
                ratio, untouched, case, dt = runner(lib, name, rng, k)
            except Exception as e:  # report, count, go on
                print("%s case %d: %s" % (name, k, e))
                failed += 1
                continue
            counts[dt] = counts.get(dt, 0) + 1
            worst[dt] = max(worst.get(dt, 0.0), ratio)
            if ratio <= 1.0 and untouched:
                passed += 1
            else:
                failed += 1
                print("FAIL %s case %d %s: error/tolerance %.3f, bytes outside out's view %s" %
                      (name, k, case, ratio, "intact" if untouched else "CHANGED"))
        print("%-38s %s" % (name, "  ".join("%s %d cases worst %.4f" % (NAMES[d], counts[d], worst[d])
                                           for d in sorted(counts))))
    print("family_crosscheck: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
