#!/usr/bin/python3
"""Times the bicubic antialiased resize ops through the C API (both phases and
the stream synchronisation per call) against PyTorch's CPU kernels on the same
shapes, in one run, for each SIMD target asked for:

- the backward op aclnnUpsampleBicubic2dAAGrad against PyTorch's
  torch.ops.aten._upsample_bicubic2d_aa_backward;
- the forward op aclnnUpsampleBicubic2dAA on one plane against PyTorch's
  F.interpolate(..., mode="bicubic", antialias=True) and, at 1 thread (Pillow
  is single-threaded), Pillow's Image.resize(..., BICUBIC) on float32 "F"
  images (the same filter).

At every thread count of --threads, PyTorch (fp32) and ours in fp32, fp16 and
bf16 are timed in interleaved, shuffled rounds and the best of each is kept.
The tables give, per shape and dtype: ms, the ratio to PyTorch (16-bit: the
fraction of fp32's time), GB/s (input + output bytes over the time) and % of
the read+write bandwidth of a simple streaming loop (STREAM_BANDWIDTH_BINARY)
measured in the same run (by each target's child, before and after its
suites; the best of the two is kept), and each shape's own floor (measured
likewise): the least
time in which a plain loop (the same binary, given the shape's bytes) reads
the op's fp32 source bytes and writes its destination bytes once, with the
caches emptied before each pass as the timed calls find them ("% of floor":
that time over ours). The streaming loop's regular stores read each line
before writing it; the floor's writes take the faster of regular and
non-temporal stores, as the library's do.

--simd lists the SIMD ceilings to measure: best (what the CPU has), avx512,
avx2, sse4, scalar. The library reads ACLNN_HOST_SIMD once per process, so
each one runs in a child process (this script again, with the variable set)
that writes its raw numbers as JSON; the tables are headed by the target the
library reports (aclnn_host_simd_target(): AVX3 = AVX-512, AVX2, SSE4,
SCALAR). A ceiling that lands on a target already measured (best on a CPU
without AVX-512 is AVX2) is said so and not measured twice. At the end, per
target, a checklist of the performance issue's bars with the measured values
("PASS" or "below"), and with --chart a PNG (matplotlib) of the fp32 GB/s per
shape at the highest thread count against each target's streaming bandwidth.

usage: bench_vs_pytorch.py LIBRARY STREAM_BANDWIDTH_BINARY [--threads 1 2] [--simd best avx2]
       [--chart PATH.png] [--quick] [--fixed-order] [--no-pause]

LIBRARY may be a build tree's or an installed libaclnn_host.so."""
import argparse
import ctypes as C
import datetime
import json
import math
import random
import os
import subprocess
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from pytorch_crosscheck import load, arr, ACL_FLOAT, ACL_FLOAT16, ACL_BF16  # noqa: E402

TORCH = {ACL_FLOAT: torch.float32, ACL_FLOAT16: torch.float16, ACL_BF16: torch.bfloat16}
NAME = {ACL_FLOAT: "fp32", ACL_FLOAT16: "fp16", ACL_BF16: "bf16"}
DTYPES = (ACL_FLOAT, ACL_FLOAT16, ACL_BF16)
# ACLNN_HOST_SIMD per --simd value (None: the variable removed).
SIMD = {"best": None, "avx512": "avx512", "avx2": "avx2", "sse4": "sse4", "scalar": "scalar"}

# (label, gradOutput shape (N, C, Ho, Wo), forward input H, W)
SUITE = [
    ("model input 512->224, N8 RGB", (8, 3, 224, 224), (512, 512)),
    ("inverse 224->512, N8 RGB", (8, 3, 512, 512), (224, 224)),
    ("feature 2x up, C64 128->256", (1, 64, 256, 256), (128, 128)),
    ("feature 2x down, C64 128->64", (1, 64, 64, 64), (128, 128)),
    ("4x down 1024->256, N2 RGB", (2, 3, 256, 256), (1024, 1024)),
    ("single plane 2048->1024", (1, 1, 1024, 1024), (2048, 2048)),
    ("tiny planes 32x16 of 32->8", (32, 16, 8, 8), (32, 32)),
    ("HD 1080x1920->224, N2 RGB", (2, 3, 224, 224), (1080, 1920)),
    # Beyond the performance issue's suite: rows shorter than one vector.
    ("small maps 64x64 planes 14->7", (64, 64, 7, 7), (14, 14)),
]
EXTRA = {"small maps 64x64 planes 14->7"}
# The "large shapes" (bars: >= 60% of the streaming bandwidth, 2
# threads >= 1.7x of 1 thread); every forward shape is one.
LARGE = {"model input 512->224, N8 RGB", "inverse 224->512, N8 RGB", "feature 2x up, C64 128->256",
         "4x down 1024->256, N2 RGB", "single plane 2048->1024", "HD 1080x1920->224, N2 RGB"}

# (label, input H, W, output H, W), one plane
FORWARD_SUITE = [
    ("4032x3024 photo -> 1024x768", (3024, 4032), (768, 1024)),
    ("1080x1920 frame -> 224x224", (1080, 1920), (224, 224)),
    ("2048x2048 -> 512x512", (2048, 2048), (512, 512)),
    ("512x512 -> 1024x1024 (up)", (512, 512), (1024, 1024)),
]
# The bars.
BAR_LARGE, BAR_EVERY, BAR_16BIT, BAR_SCALING = 60.0, 40.0, 1.0, 1.7
# Seconds to wait after each timed PyTorch call.
PAUSE_AFTER_TORCH = 0.01


class OurOp:
    """One call of ours. Backward: go is gradOutput (N, C, Ho, Wo), out the
    gradInput (N, C, Hi, Wi). Forward (forward=True): out is the input x
    (N, C, Hi, Wi), go the output (N, C, Ho, Wo). Both are filled with random
    values of the dtype, so either direction reads real fp32/fp16/bf16 data."""

    def __init__(self, lib, go_shape, in_hw, dtype, forward=False):
        self.lib = lib
        n, c, ho, wo = go_shape
        hi, wi = in_hw
        self.in_shape = (n, c, hi, wi)
        self.dtype = dtype
        es = 4 if dtype == ACL_FLOAT else 2
        # Read and written apart (the backward reads gradOutput, the forward x).
        self.read_bytes, self.write_bytes = op_bytes(go_shape, in_hw, forward, es)
        self.bytes = self.read_bytes + self.write_bytes  # what the op reads and writes
        self.go_ptr, self.out_ptr = C.c_void_p(), C.c_void_p()
        assert lib.aclrtMalloc(C.byref(self.go_ptr), n * c * ho * wo * es, 0) == 0
        assert lib.aclrtMalloc(C.byref(self.out_ptr), n * c * hi * wi * es, 0) == 0
        g = torch.rand(go_shape).to(TORCH[dtype]).contiguous()
        raw = g.view(torch.int16 if es == 2 else torch.int32).numpy()
        assert lib.aclrtMemcpy(self.go_ptr, raw.nbytes, raw.ctypes.data, raw.nbytes, 1) == 0
        x = torch.rand(self.in_shape).to(TORCH[dtype]).contiguous()  # the forward's input
        raw = x.view(torch.int16 if es == 2 else torch.int32).numpy()
        assert lib.aclrtMemcpy(self.out_ptr, raw.nbytes, raw.ctypes.data, raw.nbytes, 1) == 0
        self.go = lib.aclCreateTensor(arr(go_shape), 4, dtype, None, 0, 0, arr(go_shape), 4, self.go_ptr)
        self.out = lib.aclCreateTensor(arr(self.in_shape), 4, dtype, None, 0, 0, arr(self.in_shape), 4,
                                       self.out_ptr)
        self.osz = lib.aclCreateIntArray(arr([ho, wo]), 2)
        self.isz = lib.aclCreateIntArray(arr(list(self.in_shape)), 4)
        self.ws, self.ws_size = C.c_void_p(), 0
        self.forward = forward

    def _workspace(self, size):
        if size.value > self.ws_size:  # a real program would keep its workspace too
            if self.ws_size:
                self.lib.aclrtFree(self.ws)
            assert self.lib.aclrtMalloc(C.byref(self.ws), size.value, 0) == 0
            self.ws_size = size.value

    def __call__(self):
        lib = self.lib
        size, exe = C.c_uint64(0), C.c_void_p()
        if self.forward:  # x is the (N, C, Hi, Wi) tensor, out the (N, C, Ho, Wo) one
            assert lib.aclnnUpsampleBicubic2dAAGetWorkspaceSize(
                self.out, self.osz, False, 0.0, 0.0, self.go, C.byref(size), C.byref(exe)) == 0
            self._workspace(size)
            assert lib.aclnnUpsampleBicubic2dAA(self.ws, size, exe, None) == 0
            assert lib.aclrtSynchronizeStream(None) == 0
            return
        assert lib.aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
            self.go, self.osz, self.isz, False, 0.0, 0.0, self.out, C.byref(size), C.byref(exe)) == 0
        self._workspace(size)
        assert lib.aclnnUpsampleBicubic2dAAGrad(self.ws, size, exe, None) == 0
        assert lib.aclrtSynchronizeStream(None) == 0

    def free(self):
        lib = self.lib
        lib.aclDestroyTensor(self.go)
        lib.aclDestroyTensor(self.out)
        lib.aclDestroyIntArray(self.osz)
        lib.aclDestroyIntArray(self.isz)
        for p in (self.go_ptr, self.out_ptr):
            lib.aclrtFree(p)
        if self.ws_size:
            lib.aclrtFree(self.ws)


def thread_setter(lib):
    """aclnn_host::SetNumThreads(int) of the loaded library."""
    setter = lib.__getattr__("_ZN10aclnn_host13SetNumThreadsEi")
    setter.argtypes, setter.restype = [C.c_int], None
    return setter


def torch_backward(g, in_hw):
    """PyTorch's backward of gradOutput g (N, C, Ho, Wo) into (N, C, Hi, Wi), as a call."""
    n, c, ho, wo = g.shape
    size = [n, c, in_hw[0], in_hw[1]]
    return lambda: torch.ops.aten._upsample_bicubic2d_aa_backward(g, [ho, wo], size, False, None,
                                                                  None)


def torch_forward(x, out_hw):
    """PyTorch's forward of x to out_hw (H, W), as a call."""
    return lambda: torch.nn.functional.interpolate(x, size=out_hw, mode="bicubic", antialias=True,
                                                   align_corners=False)


def simd_target(lib):
    f = lib.aclnn_host_simd_target
    f.argtypes, f.restype = [], C.c_char_p
    return f().decode()


def child_env(value):
    env = dict(os.environ)
    if SIMD[value] is None:
        env.pop("ACLNN_HOST_SIMD", None)
    else:
        env["ACLNN_HOST_SIMD"] = SIMD[value]
    return env


def probe_target(library, value):
    """The target the library picks under --simd value (a process of its own,
    as the library reads ACLNN_HOST_SIMD once)."""
    code = ("import ctypes as C, sys; f = C.CDLL(sys.argv[1]).aclnn_host_simd_target; "
            "f.restype = C.c_char_p; print(f().decode())")
    out = subprocess.check_output([sys.executable, "-c", code, library], env=child_env(value))
    return out.decode().strip()


# ---------------------------------------------------------------- measuring (child)

def time_rounds(runners, args, budget, max_rounds, shuffle, setter, warm, skip=lambda t, i: False):
    """Best seconds of each runner at each thread count, {t: [seconds]}, in
    interleaved rounds; runners[0] is PyTorch's. skip(t, i): runner i is not
    run at t threads (None in the result)."""
    best = {t: [None if skip(t, i) else float("inf") for i in range(len(runners))] for t in args.threads}
    start, rounds = time.perf_counter(), 0
    while rounds < 5 or (time.perf_counter() - start < budget * len(args.threads) and rounds < max_rounds):
        for t in args.threads:
            torch.set_num_threads(t)
            setter(t)
            live = [i for i in range(len(runners)) if best[t][i] is not None]
            if rounds == 0:
                for i in live:
                    runners[i]()  # warm up
            else:
                # Untimed calls on tiny problems: both libraries' thread
                # pools were just resized; no timed buffer gets warmed.
                for w in warm:
                    w()
            # The order is shuffled from round to round (--fixed-order keeps
            # PyTorch first). PyTorch's OpenMP threads keep spinning for a
            # few milliseconds after each call and slow down whatever runs
            # next at 2 threads (measured: model input 4.2 ms right after
            # PyTorch, 3.0 ms 5 ms later); a pause after each PyTorch call
            # lets them go idle first (--no-pause leaves it out).
            order = list(live)
            if not args.fixed_order:
                shuffle.shuffle(order)
            for i in order:
                t0 = time.perf_counter()
                runners[i]()
                best[t][i] = min(best[t][i], time.perf_counter() - t0)
                if i == 0 and not args.no_pause:
                    time.sleep(PAUSE_AFTER_TORCH)
        rounds += 1
    return best


def shape_record(large, extra, ops, best, keys, threads):
    return {"large": large, "extra": extra,
            "bytes": {NAME[op.dtype]: op.bytes for op in ops},
            "read_write": {NAME[op.dtype]: (op.read_bytes, op.write_bytes) for op in ops},
            "times": {str(t): dict(zip(keys, best[t])) for t in threads}}


def floor_seconds(stream_binary, threads, read, write):
    """The least time in which a plain loop (STREAM_BANDWIDTH_BINARY THREADS
    READ_BYTES WRITE_BYTES) reads `read` bytes and writes `write` bytes once
    with `threads` threads, caches emptied before each pass, as the timed
    calls find them."""
    return float(subprocess.check_output(
        [stream_binary, str(threads), str(read), str(write)]).decode()) / 1e3


def op_bytes(go_shape, in_hw, forward, element_size=4):
    """(read, write) bytes of one call: go_shape (N, C, Ho, Wo) is gradOutput
    (backward) or the output (forward), in_hw the forward input's H, W."""
    n, c, ho, wo = go_shape
    go_bytes, in_bytes = n * c * ho * wo * element_size, n * c * in_hw[0] * in_hw[1] * element_size
    return (in_bytes, go_bytes) if forward else (go_bytes, in_bytes)


def measure_floors(stream_binary, threads):
    """Each shape's floor at each thread count, {(read, write): {t: seconds}}."""
    sizes = [op_bytes(go, hw, False) for _, go, hw in SUITE] + [
        op_bytes((1, 1) + out_hw, in_hw, True) for _, in_hw, out_hw in FORWARD_SUITE]
    return {size: {str(t): floor_seconds(stream_binary, t, *size) for t in threads} for size in sizes}


def add_floors(suite, before, after):
    """rec["floor"][t]: the better of the floors measured before and after
    the suites (as for the streaming loop: the machine's speed drifts over
    minutes)."""
    for rec in suite.values():
        size = tuple(rec["read_write"]["fp32"])
        rec["floor"] = {t: min(before[size][t], after[size][t]) for t in before[size]}


def backward_suite(lib, setter, args, budget, shuffle, warm):
    out = {}
    for label, go_shape, in_hw in SUITE:
        ref = torch_backward(torch.rand(go_shape, dtype=torch.float32), in_hw)
        ops = [OurOp(lib, go_shape, in_hw, d) for d in DTYPES]
        best = time_rounds([ref] + ops, args, budget, 60, shuffle, setter, warm)
        out[label] = shape_record(label in LARGE, label in EXTRA, ops, best,
                                  ["torch"] + [NAME[d] for d in DTYPES], args.threads)
        for op in ops:
            op.free()
    return out


def forward_suite(lib, setter, args, budget, shuffle, warm):
    from PIL import Image
    out = {}
    for label, (hi, wi), (ho, wo) in FORWARD_SUITE:
        x = torch.rand(1, 1, hi, wi)
        img = Image.fromarray(x[0, 0].numpy(), mode="F")
        ops = [OurOp(lib, (1, 1, ho, wo), (hi, wi), d, forward=True) for d in DTYPES]
        runners = [
            torch_forward(x, (ho, wo)),
            lambda: img.resize((wo, ho), Image.BICUBIC),
        ] + ops
        # Pillow is single-threaded: timed at 1 thread only.
        best = time_rounds(runners, args, budget, 40, shuffle, setter, warm,
                           skip=lambda t, i: i == 1 and t != 1)
        out[label] = shape_record(True, False, ops, best,
                                  ["torch", "pillow"] + [NAME[d] for d in DTYPES], args.threads)
        for op in ops:
            op.free()
    return out


def measure(args):
    """Everything for the SIMD target this process got, as a dict for JSON."""
    lib = load(args.library)
    setter = thread_setter(lib)
    budget = 0.5 if args.quick else 2.0  # seconds of rounds per shape and thread count
    # The machine's own numbers: what a simple streaming loop gets at each
    # thread count (the memory roofline the ops are measured against), before
    # and after the suites; the best is kept, as for the ops' times.
    stream = lambda: {str(t): float(subprocess.check_output(  # noqa: E731
        [args.stream_binary, str(t)]).decode()) for t in args.threads}
    bandwidth_before = stream()
    floors_before = measure_floors(args.stream_binary, args.threads)
    # Each round times PyTorch and every dtype of ours once at every thread
    # count, so a noisy neighbour slows all of them alike and the thread
    # scaling is measured under the same conditions; the minimum is kept.
    shuffle = random.Random(2026)
    warm_ours = OurOp(lib, (1, 2, 8, 8), (16, 16), ACL_FLOAT)
    tiny_grad = torch.rand(1, 2, 8, 8)
    warm = [torch_backward(tiny_grad, (16, 16)), warm_ours]
    backward = backward_suite(lib, setter, args, budget, shuffle, warm)
    forward = forward_suite(lib, setter, args, budget, shuffle, warm)
    warm_ours.free()
    floors_after = measure_floors(args.stream_binary, args.threads)
    add_floors(backward, floors_before, floors_after)
    add_floors(forward, floors_before, floors_after)
    bandwidth_after = stream()
    bandwidth = {t: max(bandwidth_before[t], bandwidth_after[t]) for t in bandwidth_before}
    return {
        "target": simd_target(lib),
        "ACLNN_HOST_SIMD": os.environ.get("ACLNN_HOST_SIMD"),
        "torch": torch.__version__,
        "torch_capability": (torch.backends.cpu.get_cpu_capability()
                             if hasattr(torch.backends, "cpu") else "?"),
        "threads": args.threads,
        "bandwidth": bandwidth,
        "bandwidth_before": bandwidth_before,
        "bandwidth_after": bandwidth_after,
        "backward": backward,
        "forward": forward,
    }


# ---------------------------------------------------------------- reporting (parent)

def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def run_name(run):
    return "%s (%s)" % (run["target"], "best" if run["simd"] == "best" else "ACLNN_HOST_SIMD=" + run["simd"])


def shape_cell(label, rec):
    return label + (" [L]" if rec["large"] else "")


def gbs(rec, t, dtype="fp32"):
    return rec["bytes"][dtype] / rec["times"][str(t)][dtype] / 1e9


def floor_cells(rec, t):
    """The shape's floor (ms) and our fp32 time's share of it: 100% would be
    the plain loop's time for the same bytes."""
    floor = rec["floor"][str(t)]
    return "%.3f | %.0f%%" % (floor * 1e3, 100 * floor / rec["times"][str(t)]["fp32"])


def print_tables(run):
    name = run_name(run)
    print("\n# %s: torch %s, CPU capability %s" % (name, run["torch"], run["torch_capability"]))
    summary = []
    for t in run["threads"]:
        bw = run["bandwidth"][str(t)]
        print("\n## %s, threads = %d, streaming read+write bandwidth %.1f GB/s (best of %.1f before and "
              "%.1f after the suites)" % (name, t, bw, run["bandwidth_before"][str(t)],
                                          run["bandwidth_after"][str(t)]))
        print("\nbackward aclnnUpsampleBicubic2dAAGrad ([L]: one of the issue's large shapes)\n")
        print("| shape | dtype | threads | PyTorch ms | ours ms | ratio | GB/s | % of bandwidth | floor ms "
              "| % of floor |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        ratios, suite_ratios, worst = [], [], (1e9, "")
        for label, rec in run["backward"].items():
            times = rec["times"][str(t)]
            torch_best, fp32 = times["torch"], times["fp32"]
            for dtype in ("fp32", "fp16", "bf16"):
                ours, g = times[dtype], gbs(rec, t, dtype)
                if dtype == "fp32":
                    ratio = torch_best / ours
                    ratios.append(ratio)
                    if not rec["extra"]:
                        suite_ratios.append(ratio)
                        worst = min(worst, (ratio, label))
                    print("| %s | %s | %d | %.2f | %.3f | %.1fx | %.1f | %.0f%% | %s |" % (shape_cell(label, rec),
                          dtype, t, torch_best * 1e3, ours * 1e3, ratio, g, 100 * g / bw, floor_cells(rec, t)))
                else:
                    print("| %s | %s | %d | n/a | %.3f | %.2fx fp32 time | %.1f | %.0f%% | | |" % (
                        shape_cell(label, rec), dtype, t, ours * 1e3, ours / fp32, g, 100 * g / bw))
        summary.append("%s backward threads=%d: geometric mean %.1fx faster than PyTorch over the issue's "
                       "suite (%.1fx with the extra shape), worst %.1fx (%s) in that suite" %
                       (name, t, geomean(suite_ratios), geomean(ratios), worst[0], worst[1]))
        print("\nforward aclnnUpsampleBicubic2dAA, one plane (Pillow is single-threaded: 1 thread only)\n")
        print("| shape | dtype | threads | PyTorch ms | Pillow ms | ours ms | vs PyTorch | vs Pillow | GB/s "
              "| % of bandwidth | floor ms | % of floor |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        ratios, pillow_ratios, worst = [], [], (1e9, "")
        for label, rec in run["forward"].items():
            times = rec["times"][str(t)]
            torch_best, pillow, fp32 = times["torch"], times["pillow"], times["fp32"]
            for dtype in ("fp32", "fp16", "bf16"):
                ours, g = times[dtype], gbs(rec, t, dtype)
                if dtype == "fp32":
                    ratio = torch_best / ours
                    ratios.append(ratio)
                    worst = min(worst, (ratio, label))
                    if pillow is not None:
                        pillow_ratios.append(pillow / ours)
                    print("| %s | %s | %d | %.2f | %s | %.3f | %.1fx | %s | %.1f | %.0f%% | %s |" % (
                        shape_cell(label, rec), dtype, t, torch_best * 1e3,
                        "n/a" if pillow is None else "%.2f" % (pillow * 1e3), ours * 1e3, ratio,
                        "n/a" if pillow is None else "%.1fx" % (pillow / ours), g, 100 * g / bw,
                        floor_cells(rec, t)))
                else:
                    print("| %s | %s | %d | n/a | n/a | %.3f | %.2fx fp32 time | n/a | %.1f | %.0f%% | | |" % (
                        shape_cell(label, rec), dtype, t, ours * 1e3, ours / fp32, g, 100 * g / bw))
        line = ("%s forward threads=%d: geometric mean %.1fx faster than PyTorch, worst %.1fx (%s)" %
                (name, t, geomean(ratios), worst[0], worst[1]))
        if pillow_ratios:
            line += ", geometric mean %.1fx faster than Pillow" % geomean(pillow_ratios)
        summary.append(line)
        sys.stdout.flush()
    print()
    for s in summary:
        print(s)
    if 1 in run["threads"] and 2 in run["threads"]:
        for op in ("backward", "forward"):
            print("%s %s 2-thread speed-up over 1 thread (fp32, measured in the same rounds): " % (name, op) +
                  ", ".join("%s %.2fx" % (label, rec["times"]["1"]["fp32"] / rec["times"]["2"]["fp32"])
                            for label, rec in run[op].items()))
        print("the machine's own 2-thread speed-up on the streaming loop: %.2fx" %
              (run["bandwidth"]["2"] / run["bandwidth"]["1"]))
    sys.stdout.flush()


def verdict(ok):
    return "PASS" if ok else "below"


def print_checklist(run):
    """The issue's bars for one target, with the measured values."""
    threads = run["threads"]
    t = 2 if 2 in threads else max(threads)
    bw = run["bandwidth"][str(t)]
    at = "2 threads" if t == 2 else "%d thread%s (the bars are at 2 threads, not measured)" % (
        t, "" if t == 1 else "s")
    print("\n## checklist, %s: fp32 at %s, streaming bandwidth %.1f GB/s" % (run_name(run), at, bw))
    print("| bar | measured | |")
    print("|---|---|---|")
    for op in ("backward", "forward"):
        suite = run[op]
        pct = {label: 100 * gbs(rec, t) / bw for label, rec in suite.items()}
        v, where = min((pct[label], label) for label, rec in suite.items() if rec["large"])
        print("| %s: large shapes >= %.0f%% of bandwidth | min %.1f%% (%s) | %s |" %
              (op, BAR_LARGE, v, where, verdict(v >= BAR_LARGE)))
        v, where = min((pct[label], label) for label, rec in suite.items() if not rec["extra"])
        extra = "".join("; extra shape %s: %.1f%%" % (label, pct[label])
                        for label, rec in suite.items() if rec["extra"])
        print("| %s: every shape >= %.0f%% of bandwidth | min %.1f%% (%s)%s | %s |" %
              (op, BAR_EVERY, v, where, extra, verdict(v >= BAR_EVERY)))
        share = {label: 100 * rec["floor"][str(t)] / rec["times"][str(t)]["fp32"] for label, rec in suite.items()}
        print("| %s: time of each shape's own floor (a plain loop over its bytes), not a bar | large shapes "
              "%.0f%%-%.0f%%, all %.0f%%-%.0f%% | |" %
              (op, min(v for k, v in share.items() if suite[k]["large"]),
               max(v for k, v in share.items() if suite[k]["large"]), min(share.values()), max(share.values())))
    worst = max((rec["times"][str(t)][d] / rec["times"][str(t)]["fp32"], d, op, label)
                for op in ("backward", "forward") for label, rec in run[op].items() if not rec["extra"]
                for d in ("fp16", "bf16"))
    extra = ""
    for op in ("backward", "forward"):
        for label, rec in run[op].items():
            if rec["extra"]:
                times = rec["times"][str(t)]
                v, d = max((times[d] / times["fp32"], d) for d in ("fp16", "bf16"))
                extra += "; extra shape %s: %s %.2fx" % (label, d, v)
    print("| 16-bit time <= %.1fx fp32 time, every shape, both ops | max %.2fx (%s, %s %s)%s | %s |" %
          (BAR_16BIT, worst[0], worst[1], worst[2], worst[3], extra, verdict(worst[0] <= BAR_16BIT)))
    for op in ("backward", "forward"):
        if 1 in threads and 2 in threads:
            v, where = min((rec["times"]["1"]["fp32"] / rec["times"]["2"]["fp32"], label)
                           for label, rec in run[op].items() if rec["large"])
            print("| %s: 2 threads >= %.1fx of 1 thread, large shapes | min %.2fx (%s); streaming loop "
                  "%.2fx | %s |" % (op, BAR_SCALING, v, where, run["bandwidth"]["2"] / run["bandwidth"]["1"],
                                    verdict(v >= BAR_SCALING)))
        else:
            print("| %s: 2 threads >= %.1fx of 1 thread, large shapes | not measured (--threads lacks 1 "
                  "or 2) | |" % (op, BAR_SCALING))
    for op in ("backward", "forward"):
        ratios = {label: rec["times"][str(t)]["torch"] / rec["times"][str(t)]["fp32"]
                  for label, rec in run[op].items() if not rec["extra"]}
        v, where = min((r, label) for label, r in ratios.items())
        print("| %s vs PyTorch (time ratio, issue's suite) | geometric mean %.1fx, worst %.1fx (%s) | |" %
              (op, geomean(ratios.values()), v, where))
    sys.stdout.flush()


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def write_chart(runs, path):
    """Grouped bars: fp32 GB/s per shape (backward, then forward) at the
    highest thread count, a bar per target; a line per target at its
    streaming bandwidth, dashed at 60% and dotted at 40% of it."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    t = max(runs[0]["threads"])
    shapes = [(op, label) for op in ("backward", "forward") for label in runs[0][op]]
    labels = ["%s: %s%s" % ("bwd" if op == "backward" else "fwd", label,
                            " [L]" if runs[0][op][label]["large"] else "") for op, label in shapes]
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    fig, ax = plt.subplots(figsize=(15, 8))
    width = 0.8 / len(runs)
    top, handles = 0.0, []
    for k, run in enumerate(runs):
        color = colors[k % len(colors)]
        bw = run["bandwidth"][str(t)]
        values = [gbs(run[op][label], t) for op, label in shapes]
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(shapes))]
        handles.append(ax.bar(xs, values, width, color=color, label="%s: op, fp32" % run_name(run)))
        for x, v in zip(xs, values):
            ax.text(x, v, " %.0f%%" % (100 * v / bw), ha="center", va="bottom", rotation=90, fontsize=7)
        handles.append(ax.axhline(bw, color=color, lw=1.8,
                                  label="%s: streaming loop %.1f GB/s" % (run["target"], bw)))
        handles.append(ax.axhline(0.6 * bw, color=color, lw=1, ls="--",
                                  label="%s: 60%% (dashed) / 40%% (dotted) of it" % run["target"]))
        ax.axhline(0.4 * bw, color=color, lw=1, ls=":")
        top = max([top, bw] + values)
    nb = len(runs[0]["backward"])
    ax.axvline(nb - 0.5, color="gray", lw=0.8)
    ax.set_ylim(0, top * 1.35)
    ax.text(nb / 2 - 0.5, top * 1.3, "backward aclnnUpsampleBicubic2dAAGrad", ha="center", va="top")
    ax.text(nb + (len(shapes) - nb) / 2 - 0.5, top * 1.3, "forward aclnnUpsampleBicubic2dAA", ha="center",
            va="top")
    ax.set_xticks(range(len(shapes)))
    ax.set_xticklabels(labels, rotation=35, ha="right", fontsize=8)
    ax.set_xlim(-0.6, len(shapes) - 0.4)
    ax.set_ylabel("GB/s (input + output bytes / best time)")
    ax.set_xlabel("[L]: one of the issue's large shapes (bar 60% of the streaming bandwidth; every shape "
                  "40%); % on the bars: of the target's streaming bandwidth")
    ax.set_title("libaclnn_host fp32 at %d threads: achieved GB/s per shape against the streaming loop's "
                 "bandwidth measured in the same run\n%s, %s" %
                 (t, cpu_model(), datetime.date.today().isoformat()))
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(0.0, 0.93), ncol=len(runs))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def paired(values, fmt):
    """The first run's value, the others' in brackets where they differ from it by more than 10%."""
    first = values[0]
    others = [v for v in values[1:] if abs(v - first) > 0.1 * first]
    return fmt % first + "".join(" (" + fmt % v + ")" for v in others)


def print_side_by_side(runs):
    """fp32 at 2 threads (or the most measured), the targets side by side: the tables the README
    shows. PyTorch's time and the floor are each child's own; the first child's is given, the
    others' in brackets where they differ by more than 10%. Then 16-bit time over fp32 time."""
    t = 2 if all(2 in run["threads"] for run in runs) else min(max(run["threads"]) for run in runs)
    names = ["AVX-512" if run["target"].startswith("AVX3") else run["target"] for run in runs]
    print("\n# side by side, fp32, %d threads (streaming loop: %s GB/s)" %
          (t, ", ".join("%s %.1f" % (n, run["bandwidth"][str(t)]) for n, run in zip(names, runs))))
    for op, title in (("backward", "backward (gradOutput <- out)"), ("forward", "forward, one plane")):
        print("\n| %s, %d threads | PyTorch ms | floor ms | %s |" %
              (title, t, " | ".join("%s ms | ratio | %% of bw | %% of floor" % n for n in names)))
        print("|---|---|---|" + "---|---|---|---|" * len(runs))
        for label in runs[0][op]:
            recs = [run[op][label] for run in runs]
            cells = []
            for run, rec in zip(runs, recs):
                times = rec["times"][str(t)]
                cells.append("%.3f | %.1fx | %.0f%% | %.0f%%" % (
                    times["fp32"] * 1e3, times["torch"] / times["fp32"],
                    100 * gbs(rec, t) / run["bandwidth"][str(t)], 100 * rec["floor"][str(t)] / times["fp32"]))
            print("| %s | %s | %s | %s |" % (
                shape_cell(label, recs[0]) + (" (extra)" if recs[0]["extra"] else ""),
                paired([r["times"][str(t)]["torch"] * 1e3 for r in recs], "%.2f"),
                paired([r["floor"][str(t)] * 1e3 for r in recs], "%.3f"), " | ".join(cells)))
    print("\n| 16-bit time / fp32 time, %d threads | %s |" %
          (t, " | ".join("%s fp16 | %s bf16" % (n, n) for n in names)))
    print("|---|" + "---|---|" * len(runs))
    for op in ("backward", "forward"):
        for label in runs[0][op]:
            cells = []
            for run in runs:
                times = run[op][label]["times"][str(t)]
                cells.append("%.2fx | %.2fx" % (times["fp16"] / times["fp32"], times["bf16"] / times["fp32"]))
            print("| %s %s | %s |" % (op, label, " | ".join(cells)))
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("stream_binary")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--simd", nargs="+", choices=list(SIMD), default=["best", "avx2"],
                    help="SIMD ceilings to measure, each in a process of its own with ACLNN_HOST_SIMD set "
                         "(best: the variable removed)")
    ap.add_argument("--chart", metavar="PATH.png", help="write a chart of fp32 GB/s per shape and target")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--fixed-order", action="store_true",
                    help="every round in the same order: PyTorch, then fp32, fp16, bf16")
    ap.add_argument("--no-pause", action="store_true",
                    help="no pause after PyTorch's calls for its OpenMP threads to go idle")
    ap.add_argument("--save-runs", metavar="PATH.json",
                    help="write every target's measurements to this file (--from-runs prints them again)")
    ap.add_argument("--from-runs", metavar="PATH.json",
                    help="measure nothing: print the tables (and --chart) of a file --save-runs wrote")
    ap.add_argument("--child-json", help=argparse.SUPPRESS)  # a child's output file (see --simd)
    args = ap.parse_args()
    if args.from_runs:
        with open(args.from_runs) as f:
            runs = json.load(f)
        for run in runs:
            print_tables(run)
        report(runs, args)
        return
    if args.child_json:
        result = measure(args)
        with open(args.child_json, "w") as f:
            json.dump(result, f)
        return
    runs, seen = [], {}  # seen: target -> the --simd value that measured it
    for value in args.simd:
        target = probe_target(args.library, value)
        if target in seen:
            print("\n# %s: the library picks %s, the target already measured as %s; not measured twice" %
                  (value, target, seen[target]))
            sys.stdout.flush()
            continue
        seen[target] = value
        fd, path = tempfile.mkstemp(prefix="bench_vs_pytorch.", suffix=".json")
        os.close(fd)
        try:
            subprocess.check_call([sys.executable, os.path.abspath(__file__)] + sys.argv[1:] +
                                  ["--child-json", path], env=child_env(value))
            with open(path) as f:
                run = json.load(f)
        finally:
            os.unlink(path)
        if run["target"] != target:
            sys.exit("--simd %s: the child reports %s, the probe %s" % (value, run["target"], target))
        run["simd"] = value
        print_tables(run)
        runs.append(run)
    if args.save_runs:
        with open(args.save_runs, "w") as f:
            json.dump(runs, f, indent=1)
    report(runs, args)


def report(runs, args):
    """Each target's checklist, the targets side by side, and the chart."""
    for run in runs:
        print_checklist(run)
    print_side_by_side(runs)
    if args.chart:
        write_chart(runs, args.chart)
        print("\nchart: %s" % args.chart)
    if args.save_runs:
        print("measurements: %s" % args.save_runs)


if __name__ == "__main__":
    main()
