#!/usr/bin/python3
"""Times every 2-D function of the resize family through the C API (both
phases and the stream synchronisation per call) against the PyTorch CPU op it
matches, side by side in interleaved rounds (the minimum of each is kept), and
prints per function and shape: PyTorch ms, ours ms, ratio, GB/s and % of the
streaming bandwidth measured in the same run, and the shape's floor: the least
time in which a plain loop (STREAM_BANDWIDTH_BINARY THREADS READ_BYTES
WRITE_BYTES) reads the function's source bytes and writes its destination
bytes once, caches emptied before each pass ("% of floor": that time over
ours). For the backwards, "5x needs" is the share of the floor's speed that a
time of PyTorch's / 5 would take: above 100%, 5x PyTorch is beyond a plain
loop over the same bytes on this machine.

usage: family_bench.py LIBRARY STREAM_BANDWIDTH_BINARY [--threads 2] [--quick]
       [--function NAME ...] [--nhwc]
--nhwc: the functions that take NHWC (2-D) or NDHWC (3-D) tensors, in that
format, against PyTorch on channels_last / channels_last_3d tensors (the
others are left out)."""
import argparse
import ctypes as C
import math
import os
import random
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from bench_vs_pytorch import floor_seconds as floor_reading  # noqa: E402
from family_crosscheck import (FUNCTIONS, ONE_D, VOLUMES, load, arr, ACL_FLOAT, NCHW, NCL,  # noqa: E402
                               NCDHW, NHWC, NDHWC)

aten = torch.ops.aten

# (label, N, C, forward input (H, W), forward output (H, W))
SHAPES = [
    ("model input 512->224, N8 RGB", 8, 3, (512, 512), (224, 224)),
    ("feature 2x up, C64 128->256", 1, 64, (128, 128), (256, 256)),
    ("HD 1080x1920->540x960, N1 RGB", 1, 3, (1080, 1920), (540, 960)),
    ("small maps C256 14->28", 4, 256, (14, 14), (28, 28)),
]
# 1-D: (label, N, C, forward input L, forward output L), run as H = 1.
LINE_SHAPES = [
    ("audio 16k->8k, (8, 2, 16000)", 8, 2, (1, 16000), (1, 8000)),
    ("sequence 2x up, (4, 256, 512)", 4, 256, (1, 512), (1, 1024)),
]
# Volumes: (label, N, C, forward input (D, H, W), forward output (D, H, W)).
VOLUME_SHAPES = [
    ("video clip 2x, (1, 16, 32, 112, 112)", 1, 16, (32, 112, 112), (64, 224, 224)),
    ("volume 2x down, (2, 8, 64, 64, 64)", 2, 8, (64, 64, 64), (32, 32, 32)),
]
PAUSE_AFTER_TORCH = 0.01  # PyTorch's OpenMP threads spin for a while after a call


def torch_call(name, x, n, c, hi, wi, ho, wo):
    """The PyTorch op the function matches, on contiguous float32."""
    direction, filt, align, scales, _, _, ref = FUNCTIONS[name]
    if filt == "resize":
        return lambda: aten.upsample_bilinear2d(x, [ho, wo], False, ho / hi, wo / wi)
    if name in ONE_D:
        x1 = x[:, :, 0].contiguous()
        if direction == "fwd":
            return lambda: ref(x1, [wo], None, False, 0.0, -1.0)
        return lambda: ref(x1, [wo], [n, c, wi], False, 0.0, -1.0)
    if direction == "fwd":
        return lambda: ref(x, [ho, wo], None, False, 0.0, 0.0)
    return lambda: ref(x, [ho, wo], [n, c, hi, wi], False, 0.0, 0.0)


class OursVolume:
    """A 3-D function through the C API, NCDHW contiguous fp32."""

    def __init__(self, lib, name, n, c, ins, outs, channels_last=False):
        self.lib = lib
        direction, filt, align, _, _ = VOLUMES[name]
        src = (n, c) + (ins if direction == "fwd" else outs)
        dst = (n, c) + (outs if direction == "fwd" else ins)
        # NDHWC: the view (N, D, H, W, C), contiguous in that order.
        view = (lambda t: (t[0],) + tuple(t[2:]) + (t[1],)) if channels_last else (lambda t: t)
        fmt = NDHWC if channels_last else NCDHW
        self.bytes = 4 * (math.prod(src) + math.prod(dst))
        self.read_bytes, self.write_bytes = 4 * math.prod(src), 4 * math.prod(dst)
        self.ptrs = [C.c_void_p(), C.c_void_p()]
        for p, shape in zip(self.ptrs, (src, dst)):
            assert lib.aclrtMalloc(C.byref(p), 4 * math.prod(shape), 0) == 0
        x = torch.rand(src).contiguous()
        raw = x.view(torch.int32).numpy()
        assert lib.aclrtMemcpy(self.ptrs[0], raw.nbytes, raw.ctypes.data, raw.nbytes, 1) == 0
        self.src = lib.aclCreateTensor(arr(view(src)), 5, ACL_FLOAT, None, 0, fmt,
                                       arr(view(src)), 5, self.ptrs[0])
        self.dst = lib.aclCreateTensor(arr(view(dst)), 5, ACL_FLOAT, None, 0, fmt,
                                       arr(view(dst)), 5, self.ptrs[1])
        osz = lib.aclCreateIntArray(arr(list(outs)), 3)
        self.handles = [("i", osz)]
        self.args = [self.src, osz]
        if direction == "bwd":
            isz = lib.aclCreateIntArray(arr([n, c] + list(ins)), 5)
            self.handles.append(("i", isz))
            self.args.append(isz)
        if align:
            self.args.append(False)
        self.args += [0.0, 0.0, 0.0]
        self.phase1 = getattr(lib, name + "GetWorkspaceSize")
        self.phase2 = getattr(lib, name)
        self.ws, self.ws_size = C.c_void_p(), 0

    __call__ = lambda self: Ours.__call__(self)  # noqa: E731
    free = lambda self: Ours.free(self)  # noqa: E731


def volume_torch_call(name, x, n, c, ins, outs):
    direction, filt, align, _, ref = VOLUMES[name]
    if direction == "fwd":
        return lambda: ref(x, list(outs), None, False, [None, None, None])
    return lambda: ref(x, list(outs), [n, c] + list(ins), False, [None, None, None])


class Ours:
    def __init__(self, lib, name, n, c, hi, wi, ho, wo, channels_last=False):
        self.lib, self.name = lib, name
        direction, filt, align, scales, _, _, _ = FUNCTIONS[name]
        src = (n, c, hi, wi) if direction == "fwd" else (n, c, ho, wo)
        dst = (n, c, ho, wo) if direction == "fwd" else (n, c, hi, wi)
        self.bytes = 4 * (math.prod(src) + math.prod(dst))
        self.read_bytes, self.write_bytes = 4 * math.prod(src), 4 * math.prod(dst)
        self.ptrs = [C.c_void_p(), C.c_void_p()]
        for p, shape in zip(self.ptrs, (src, dst)):
            assert lib.aclrtMalloc(C.byref(p), 4 * math.prod(shape), 0) == 0
        x = torch.rand(src).contiguous()
        raw = x.view(torch.int32).numpy()
        assert lib.aclrtMemcpy(self.ptrs[0], raw.nbytes, raw.ctypes.data, raw.nbytes, 1) == 0
        one_d = name in ONE_D
        # NHWC: the view (N, H, W, C), contiguous in that order.
        view = ((lambda t: (t[0], t[1], t[3])) if one_d else
                (lambda t: (t[0], t[2], t[3], t[1])) if channels_last else (lambda t: t))
        rank, fmt = (3, NCL) if one_d else (4, NHWC if channels_last else NCHW)
        self.src = lib.aclCreateTensor(arr(view(src)), rank, ACL_FLOAT, None, 0, fmt,
                                       arr(view(src)), rank, self.ptrs[0])
        self.dst = lib.aclCreateTensor(arr(view(dst)), rank, ACL_FLOAT, None, 0, fmt,
                                       arr(view(dst)), rank, self.ptrs[1])
        self.handles = []
        if filt == "resize":
            scales = (1, ho / hi, wo / wi, 1) if channels_last else (1, 1, ho / hi, wo / wi)
            fa = lib.aclCreateFloatArray((C.c_float * 4)(*scales), 4)
            self.handles.append(("f", fa))
            self.args = [self.src, fa, b"bilinear"]
        else:
            osz = (lib.aclCreateIntArray(arr([wo]), 1) if one_d
                   else lib.aclCreateIntArray(arr([ho, wo]), 2))
            self.handles.append(("i", osz))
            self.args = [self.src, osz]
            if direction == "bwd":
                isz = (lib.aclCreateIntArray(arr([n, c, wi]), 3) if one_d
                       else lib.aclCreateIntArray(arr([n, hi, wi, c] if channels_last
                                                      else [n, c, hi, wi]), 4))
                self.handles.append(("i", isz))
                self.args.append(isz)
            if align:
                self.args.append(False)
            if scales is not None:
                # Linear1d: a negative scale is "not given" (0 must give the size)
                self.args += ([-1.0 if name == "aclnnUpsampleLinear1d" else 0.0] if one_d
                              else [0.0, 0.0])
        self.phase1 = getattr(lib, name + "GetWorkspaceSize")
        self.phase2 = getattr(lib, name)
        self.ws, self.ws_size = C.c_void_p(), 0

    def __call__(self):
        size, exe = C.c_uint64(0), C.c_void_p()
        assert self.phase1(*self.args, self.dst, C.byref(size), C.byref(exe)) == 0
        if size.value > self.ws_size:  # a real program keeps its workspace too
            if self.ws_size:
                self.lib.aclrtFree(self.ws)
            assert self.lib.aclrtMalloc(C.byref(self.ws), size.value, 0) == 0
            self.ws_size = size.value
        assert self.phase2(self.ws, size, exe, None) == 0
        assert self.lib.aclrtSynchronizeStream(None) == 0

    def free(self):
        lib = self.lib
        lib.aclDestroyTensor(self.src)
        lib.aclDestroyTensor(self.dst)
        for kind, h in self.handles:
            (lib.aclDestroyFloatArray if kind == "f" else lib.aclDestroyIntArray)(h)
        for p in self.ptrs:
            lib.aclrtFree(p)
        if self.ws_size:
            lib.aclrtFree(self.ws)


def floor_seconds(stream_binary, threads, read, write):
    """bench_vs_pytorch's floor: the better of two readings a second apart
    (the machine's speed drifts)."""
    first = floor_reading(stream_binary, threads, read, write)
    time.sleep(1.0)
    return min(first, floor_reading(stream_binary, threads, read, write))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("stream_binary")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--function", action="append", choices=sorted(FUNCTIONS) + sorted(VOLUMES))
    ap.add_argument("--nhwc", action="store_true")
    args = ap.parse_args()
    cl = args.nhwc

    def torch_input(shape):
        x = torch.rand(shape)
        if cl:
            x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else
                             torch.channels_last_3d)
        return x
    lib = load(args.library)
    setter = lib.__getattr__("_ZN10aclnn_host13SetNumThreadsEi")
    setter.argtypes, setter.restype = [C.c_int], None
    torch.set_num_threads(args.threads)
    setter(args.threads)
    bw = float(subprocess.check_output([args.stream_binary, str(args.threads)]).decode())
    budget = 0.3 if args.quick else 1.0
    print("torch %s, threads %d, streaming read+write bandwidth %.1f GB/s%s" %
          (torch.__version__, args.threads, bw,
           ", NHWC / NDHWC against channels_last tensors" if cl else ""))
    print("| function | shape | PyTorch ms | ours ms | ratio | GB/s | % of bandwidth | floor ms | % of floor "
          "| 5x needs |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    floors = {}  # (read, write) bytes: the floor in seconds, measured once per size
    shuffle = random.Random(2026)
    ratios = {}
    jobs = []
    for name in args.function or list(FUNCTIONS) + list(VOLUMES):
        if name in VOLUMES:
            direction = VOLUMES[name][0]
            for label, n, c, ins, outs in VOLUME_SHAPES:
                jobs.append((name, label, lambda name=name, direction=direction, n=n, c=c,
                             ins=ins, outs=outs: (
                                 volume_torch_call(name, torch_input((n, c) + (
                                     ins if direction == "fwd" else outs)), n, c, ins, outs),
                                 OursVolume(lib, name, n, c, ins, outs, cl))))
            continue
        direction = FUNCTIONS[name][0]
        if cl and (name in ONE_D or NHWC not in FUNCTIONS[name][5]):
            continue
        for label, n, c, (hi, wi), (ho, wo) in (LINE_SHAPES if name in ONE_D else SHAPES):
            jobs.append((name, label, lambda name=name, direction=direction, n=n, c=c, hi=hi,
                         wi=wi, ho=ho, wo=wo: (
                             torch_call(name, torch_input((n, c, hi, wi) if direction == "fwd"
                                                          else (n, c, ho, wo)),
                                        n, c, hi, wi, ho, wo),
                             Ours(lib, name, n, c, hi, wi, ho, wo, cl))))
    for name, label, make in jobs:
        if True:
            torch_runner, ours = make()
            runners = [torch_runner, ours]
            for r in runners:
                r()
            best = [float("inf")] * 2
            start, rounds = time.perf_counter(), 0
            while rounds < 3 or (time.perf_counter() - start < budget and rounds < 30):
                order = [0, 1]
                shuffle.shuffle(order)
                for i in order:
                    t0 = time.perf_counter()
                    runners[i]()
                    best[i] = min(best[i], time.perf_counter() - t0)
                    if i == 0:
                        time.sleep(PAUSE_AFTER_TORCH)
                rounds += 1
            gbs = ours.bytes / best[1] / 1e9
            ratio = best[0] / best[1]
            ratios.setdefault(name, []).append(ratio)
            key = (ours.read_bytes, ours.write_bytes)
            if key not in floors:
                floors[key] = floor_seconds(args.stream_binary, args.threads, *key)
            floor = floors[key]
            backward = (VOLUMES[name][0] if name in VOLUMES else FUNCTIONS[name][0]) != "fwd"
            print("| %s | %s | %.2f | %.3f | %.1fx | %.1f | %.0f%% | %.3f | %.0f%% | %s |" % (
                name, label, best[0] * 1e3, best[1] * 1e3, ratio, gbs, 100 * gbs / bw, floor * 1e3,
                100 * floor / best[1], "%.0f%%" % (100 * floor * 5 / best[0]) if backward else ""))
            sys.stdout.flush()
            ours.free()
    every = [r for rs in ratios.values() for r in rs]
    print("\nper function, worst ratio over the shapes: " + ", ".join(
        "%s %.1fx" % (n, min(rs)) for n, rs in ratios.items()))
    print("geometric mean over the family: %.1fx (worst %.1fx)" % (
        math.exp(sum(math.log(r) for r in every) / len(every)), min(every)))


if __name__ == "__main__":
    main()
