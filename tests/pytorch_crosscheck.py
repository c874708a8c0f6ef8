#!/usr/bin/python3
"""Cross-check against PyTorch: drives the installed/built libaclnn_host
through its C API (ctypes) on random cases of every dtype and layout and
compares with torch.ops.aten._upsample_bicubic2d_aa_backward (and, for the
forward op, torch.ops.aten._upsample_bicubic2d_aa) in float64, within the
contract's bars (spec section 3).

usage: pytorch_crosscheck.py LIBRARY [--op backward|forward] [--cases N] [--seed S]
Prints the worst error/tolerance ratio per dtype and 'N passed, M failed'."""
import argparse
import ctypes as C
import math
import random
import sys

import numpy as np
import torch

ACL_FLOAT, ACL_FLOAT16, ACL_BF16 = 0, 1, 27
ACL_FORMAT_NCHW, ACL_FORMAT_ND = 0, 2
H2D, D2H = 1, 2
TORCH_DTYPES = {ACL_FLOAT: torch.float32, ACL_FLOAT16: torch.float16, ACL_BF16: torch.bfloat16}
NAMES = {ACL_FLOAT: "float32", ACL_FLOAT16: "float16", ACL_BF16: "bfloat16"}
MANT = {ACL_FLOAT: 23, ACL_FLOAT16: 10, ACL_BF16: 7}
EMIN = {ACL_FLOAT: -126, ACL_FLOAT16: -14, ACL_BF16: -126}


def load(path):
    lib = C.CDLL(path)
    i64p = C.POINTER(C.c_int64)
    sig = {
        "aclrtMalloc": (C.c_int, [C.POINTER(C.c_void_p), C.c_size_t, C.c_int]),
        "aclrtFree": (C.c_int, [C.c_void_p]),
        "aclrtMemcpy": (C.c_int, [C.c_void_p, C.c_size_t, C.c_void_p, C.c_size_t, C.c_int]),
        "aclrtSynchronizeStream": (C.c_int, [C.c_void_p]),
        "aclCreateTensor": (C.c_void_p, [i64p, C.c_uint64, C.c_int, i64p, C.c_int64, C.c_int,
                                         i64p, C.c_uint64, C.c_void_p]),
        "aclCreateIntArray": (C.c_void_p, [i64p, C.c_uint64]),
        "aclDestroyTensor": (C.c_int, [C.c_void_p]),
        "aclDestroyIntArray": (C.c_int, [C.c_void_p]),
        "aclGetRecentErrMsg": (C.c_char_p, []),
        "aclnnUpsampleBicubic2dAAGradGetWorkspaceSize": (
            C.c_int, [C.c_void_p, C.c_void_p, C.c_void_p, C.c_bool, C.c_double, C.c_double,
                      C.c_void_p, C.POINTER(C.c_uint64), C.POINTER(C.c_void_p)]),
        "aclnnUpsampleBicubic2dAAGrad": (C.c_int, [C.c_void_p, C.c_uint64, C.c_void_p, C.c_void_p]),
        "aclnnUpsampleBicubic2dAAGetWorkspaceSize": (
            C.c_int, [C.c_void_p, C.c_void_p, C.c_bool, C.c_double, C.c_double, C.c_void_p,
                      C.POINTER(C.c_uint64), C.POINTER(C.c_void_p)]),
        "aclnnUpsampleBicubic2dAA": (C.c_int, [C.c_void_p, C.c_uint64, C.c_void_p, C.c_void_p]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def arr(values):
    return (C.c_int64 * len(values))(*values)


def layout_strides(shape, layout):
    n, c, h, w = shape
    if layout == "contiguous":
        return [c * h * w, h * w, w, 1], 0, n * c * h * w
    if layout == "channels_last":
        return [h * w * c, 1, w * c, c], 0, n * c * h * w
    pitch, plane = w + 3, (w + 3) * h + 7  # padded rows and planes, offset 5
    return [plane * c, plane, pitch, 1], 5, 5 + plane * c * n + 4


class DeviceTensor:
    def __init__(self, lib, shape, dtype, layout, fmt, values=None):
        self.lib, self.shape, self.dtype = lib, shape, dtype
        self.strides, self.offset, self.storage = layout_strides(shape, layout)
        tdt = TORCH_DTYPES[dtype]
        self.host = torch.full((self.storage,), -7.0, dtype=tdt)  # sentinel value
        if values is not None:
            torch.as_strided(self.host, shape, self.strides, self.offset).copy_(values)
        self.nbytes = self.storage * self.host.element_size()
        self.ptr = C.c_void_p()
        assert lib.aclrtMalloc(C.byref(self.ptr), self.nbytes, 0) == 0
        raw = self.host.view(torch.int16 if self.host.element_size() == 2 else torch.int32).numpy()
        assert lib.aclrtMemcpy(self.ptr, self.nbytes, raw.ctypes.data, self.nbytes, H2D) == 0
        self.tensor = lib.aclCreateTensor(arr(shape), 4, dtype, arr(self.strides), self.offset, fmt,
                                          arr([self.storage]), 1, self.ptr)
        assert self.tensor

    def read(self):
        raw = np.empty(self.storage, dtype=np.int16 if self.host.element_size() == 2 else np.int32)
        assert self.lib.aclrtMemcpy(raw.ctypes.data, self.nbytes, self.ptr, self.nbytes, D2H) == 0
        back = torch.from_numpy(raw).view(TORCH_DTYPES[self.dtype])
        view = torch.as_strided(back, self.shape, self.strides, self.offset).double()
        mask = torch.ones(self.storage, dtype=torch.bool)
        torch.as_strided(mask, self.shape, self.strides, self.offset).fill_(False)
        untouched = bool((back[mask].double() == -7.0).all())
        return view, untouched

    def free(self):
        self.lib.aclDestroyTensor(self.tensor)
        self.lib.aclrtFree(self.ptr)


def ulp(x, dtype):
    ax = x.abs()
    e = torch.where(ax > 0, torch.floor(torch.log2(ax.clamp_min(1e-300))), torch.full_like(ax, -1e9))
    e = e.clamp_min(EMIN[dtype])
    return torch.pow(2.0, e - MANT[dtype])


def empty_windows(in_size, out_size, align_corners, user_scale):
    """Forward outputs whose window misses the input entirely (an explicit
    scale inconsistent with the sizes)."""
    if align_corners:
        scale = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
    else:
        scale = 1.0 / user_scale if user_scale > 0 else in_size / out_size
    support = 2 * scale if scale >= 1 else 2.0
    empty = []
    for i in range(out_size):
        center = scale * (i + 0.5)
        lo = max(math.trunc(center - support + 0.5), 0)
        hi = min(math.trunc(center + support + 0.5), in_size)
        empty.append(hi <= lo)
    return torch.tensor(empty, dtype=torch.bool)


def guarded(t):
    """t (contiguous) at the start of a zeroed storage many times its size.
    PyTorch 1.13's AA forward misbehaves where an explicit scale puts a
    window outside the input (outputs left uninitialised, see run_case), and
    this script's forward runs segfaulted inside libtorch_cpu, on a read at
    the start of an unmapped page, in 2 of about 130 runs (2026-12-05): reads
    past the input now land in this storage. Outputs whose window meets the
    input read only the input, so their reference values are unchanged."""
    room = torch.zeros(t.numel() * 24 + (1 << 16), dtype=t.dtype)
    x = room[:t.numel()].view(t.shape)
    x.copy_(t)
    return x


def random_case(rng):
    dtype = rng.choice([ACL_FLOAT, ACL_FLOAT16, ACL_BF16])
    layout = rng.choice(["contiguous", "channels_last", "padded"])
    fmt = rng.choice([ACL_FORMAT_NCHW, ACL_FORMAT_ND])
    n, c = rng.randint(1, 2), rng.randint(1, 4)
    ac = rng.random() < 0.3
    axes = []
    for _ in range(2):
        kind = rng.choice(["down", "up", "same", "one", "any"])
        i = rng.randint(1, 48)
        if kind == "down":
            o = max(1, i // rng.choice([2, 3, 4]))
        elif kind == "up":
            o = min(i * rng.choice([2, 3]), 96)
        elif kind == "same":
            o = i
        elif kind == "one":
            o = 1
        else:
            o = rng.randint(1, 48)
        mode = rng.choice(["none", "none", "consistent", "inconsistent"])
        if mode == "consistent":
            s = rng.uniform(0.3, 3.0)
            o = max(1, min(int(math.floor(i * s)), 96))
            s = o / i if int(math.floor(i * s)) < 1 else s
        elif mode == "inconsistent":
            s = rng.uniform(0.1, 4.0)
        else:
            s = 0.0
        if (s > 0 and 1 / s < 0.02) or (s == 0 and i / o < 0.02):
            s, o = 0.0, i
        axes.append((i, o, s))
    return dict(dtype=dtype, layout=layout, fmt=fmt, n=n, c=c, ac=ac, axes=axes)


def run_case(lib, case, rng, op):
    (hi, ho, sh), (wi, wo, sw) = case["axes"]
    n, c, dtype = case["n"], case["c"], case["dtype"]
    forward = op == "forward"
    src_shape = [n, c, hi, wi] if forward else [n, c, ho, wo]
    dst_shape = [n, c, ho, wo] if forward else [n, c, hi, wi]
    count = n * c * src_shape[2] * src_shape[3]
    v = torch.from_numpy(np.array([rng.uniform(-4, 4) for _ in range(count)],
                                  dtype=np.float32).reshape(src_shape))
    v = v.to(TORCH_DTYPES[dtype])  # the values a tensor of that dtype holds
    sh_t, sw_t = (sh if sh > 0 else None), (sw if sw > 0 else None)
    if forward:
        ref = torch.ops.aten._upsample_bicubic2d_aa(guarded(v.double()), [ho, wo], case["ac"],
                                                    sh_t, sw_t)
    else:
        ref = torch.ops.aten._upsample_bicubic2d_aa_backward(
            v.double(), [ho, wo], [n, c, hi, wi], case["ac"], sh_t, sw_t)
    src = DeviceTensor(lib, src_shape, dtype, case["layout"], case["fmt"], v)
    out = DeviceTensor(lib, dst_shape, dtype, case["layout"], case["fmt"])
    osz, isz = lib.aclCreateIntArray(arr([ho, wo]), 2), lib.aclCreateIntArray(arr([n, c, hi, wi]), 4)
    ws_size, exe, ws = C.c_uint64(0), C.c_void_p(), C.c_void_p()
    if forward:
        st = lib.aclnnUpsampleBicubic2dAAGetWorkspaceSize(src.tensor, osz, case["ac"], sh, sw,
                                                          out.tensor, C.byref(ws_size),
                                                          C.byref(exe))
    else:
        st = lib.aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(src.tensor, osz, isz, case["ac"], sh,
                                                              sw, out.tensor, C.byref(ws_size),
                                                              C.byref(exe))
    if st != 0:
        raise RuntimeError("phase 1 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
    if ws_size.value:
        assert lib.aclrtMalloc(C.byref(ws), ws_size.value, 0) == 0
    run = lib.aclnnUpsampleBicubic2dAA if forward else lib.aclnnUpsampleBicubic2dAAGrad
    st = run(ws, ws_size, exe, None)
    if st != 0:
        raise RuntimeError("phase 2 status %d: %s" % (st, lib.aclGetRecentErrMsg()))
    assert lib.aclrtSynchronizeStream(None) == 0
    got, untouched = out.read()
    if ws_size.value:
        lib.aclrtFree(ws)
    for t in (src, out):
        t.free()
    lib.aclDestroyIntArray(osz)
    lib.aclDestroyIntArray(isz)
    if forward:
        # PyTorch 1.13's CPU forward leaves outputs with an empty window
        # uninitialised (NaN or stale values seen); ours are 0, the adjoint of
        # the backward dropping that gradient. Check ours is exactly 0 there and
        # compare the rest.
        mask = (empty_windows(hi, ho, case["ac"], sh).view(1, 1, ho, 1) |
                empty_windows(wi, wo, case["ac"], sw).view(1, 1, 1, wo)).expand_as(ref)
        if bool((got[mask] != 0).any()):
            return float("inf"), untouched
        ref = torch.where(mask, torch.zeros_like(ref), ref)
    max_ref = float(ref.abs().max())
    tol = 2e-6 * ref.abs() + 1e-5 * max_ref
    if dtype != ACL_FLOAT:
        tol = tol + 0.5 * ulp(ref, dtype)
    tol = tol.clamp_min(1e-30)
    ratio = float(((got - ref).abs() / tol).max())
    return ratio, untouched


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("--op", choices=["backward", "forward"], default="backward")
    ap.add_argument("--cases", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    torch.set_num_threads(1)
    lib = load(args.library)
    rng = random.Random(args.seed)
    worst = {d: 0.0 for d in NAMES}
    counts = {d: 0 for d in NAMES}
    passed = failed = 0
    layouts_seen = set()
    for k in range(args.cases):
        case = random_case(rng)
        try:
            ratio, untouched = run_case(lib, case, rng, args.op)
        except Exception as e:  # report, count, go on
            print("case %d %s: %s" % (k, case, e))
            failed += 1
            continue
        d = case["dtype"]
        counts[d] += 1
        worst[d] = max(worst[d], ratio)
        layouts_seen.add(case["layout"])
        if ratio <= 1.0 and untouched:
            passed += 1
        else:
            failed += 1
            print("FAIL case %d %s: error/tolerance %.3f, bytes outside out's view %s" %
                  (k, case, ratio, "intact" if untouched else "CHANGED"))
    for d in NAMES:
        print("%-9s cases %4d  worst error/tolerance %.4f" % (NAMES[d], counts[d], worst[d]))
    if min(counts.values()) == 0 or len(layouts_seen) < 3:
        print("coverage incomplete")
        failed += 1
    print("pytorch_crosscheck (%s): %d passed, %d failed" % (args.op, passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
