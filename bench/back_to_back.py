#!/usr/bin/python3
"""Times the bicubic antialiased resize ops the way a harness that loops over
one shape times them: batches of calls back to back, with warm caches and the
thread pools awake, against PyTorch's CPU kernels timed the same way in the
same process (bench_vs_pytorch.py, by contrast, empties the caches and pauses
between calls, as a training step meets them).

Per shape: a batch is 3 untimed calls, then --calls timed ones, each through
the C API (both phases and the stream synchronisation); its median is the
batch's time. Batches of PyTorch and ours alternate --rounds times, 20 ms
apart (PyTorch's OpenMP threads go idle between), and each keeps its fastest
batch. fp32, --threads threads for both libraries. The shapes: the
performance issue's backward suite (geometric mean and worst over its 8
shapes, as bench_vs_pytorch.py reports them) and forward suite, and with
--more 24 other backward shapes (odd sizes, ratios near 1, one-row and
one-column planes, many small planes). The SIMD target is the library's own
pick; set ACLNN_HOST_SIMD (avx2, ...) to pin a lower one.

usage: back_to_back.py LIBRARY [--threads 2] [--calls 30] [--rounds 3] [--more]"""
import argparse
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_vs_pytorch as B  # noqa: E402

# Beyond the suites: (forward input (N, C, H, W), forward output (H, W)).
MORE = [
    ((1, 3, 1080, 1920), (540, 960)), ((1, 3, 720, 1280), (224, 224)),
    ((16, 3, 256, 256), (224, 224)), ((4, 3, 224, 224), (256, 256)),
    ((1, 64, 56, 56), (112, 112)), ((1, 256, 14, 14), (28, 28)),
    ((8, 3, 480, 640), (240, 320)), ((1, 3, 3000, 4000), (750, 1000)),
    ((1, 1, 100, 100), (37, 53)), ((2, 3, 333, 517), (129, 1001)),
    ((32, 3, 64, 64), (32, 32)), ((1, 512, 7, 7), (14, 14)),
    ((1, 3, 512, 512), (511, 511)), ((1, 3, 224, 224), (672, 672)),
    ((1, 3, 1024, 1024), (64, 64)), ((64, 3, 32, 32), (224, 224)),
    ((1, 1, 1, 4000), (1, 1500)), ((1, 1, 4000, 1), (1500, 1)),
    ((1, 3, 300, 7), (100, 3)), ((4, 16, 100, 30), (50, 90)),
    ((1, 3, 1920, 1080), (1280, 720)), ((2, 8, 64, 1024), (64, 256)),
    ((2, 8, 1024, 64), (256, 64)), ((128, 1, 28, 28), (14, 14)),
]


def batch_median(fn, calls):
    for _ in range(3):
        fn()
    times = []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def best_of_rounds(ref, ours, args):
    """Fastest batch median of each, batches alternated."""
    t_ref = t_ours = float("inf")
    for _ in range(args.rounds):
        t_ref = min(t_ref, batch_median(ref, args.calls))
        time.sleep(0.02)
        t_ours = min(t_ours, batch_median(ours, args.calls))
        time.sleep(0.02)
    return t_ref, t_ours


def row(label, t_ref, t_ours):
    print("| %s | %.3f | %.3f | %.1fx |" % (label, t_ref * 1e3, t_ours * 1e3, t_ref / t_ours),
          flush=True)
    return t_ref / t_ours


def case(label, ref, op, args):
    """One shape's row: PyTorch's call ref against ours (a B.OurOp, freed)."""
    try:
        return row(label, *best_of_rounds(ref, op, args))
    finally:
        op.free()


def backward_case(lib, go_shape, in_hw, args, label):
    return case(label, B.torch_backward(torch.rand(go_shape), in_hw),
                B.OurOp(lib, go_shape, in_hw, B.ACL_FLOAT), args)


def summary(name, ratios):
    print("%s: geometric mean %.1fx, worst %.1fx\n" % (name, B.geomean(ratios), min(ratios)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("library")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--calls", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--more", action="store_true", help="24 more backward shapes")
    args = ap.parse_args()
    lib = B.load(args.library)
    torch.set_num_threads(args.threads)
    B.thread_setter(lib)(args.threads)
    print("target %s, %d threads, fp32, batches of %d calls back to back, best of %d\n" %
          (B.simd_target(lib), args.threads, args.calls, args.rounds))
    print("| backward (gradOutput shape <- forward input H, W) | PyTorch ms | ours ms | ratio |")
    print("|---|---|---|---|")
    suite = []
    for label, go_shape, in_hw in B.SUITE:
        ratio = backward_case(lib, go_shape, in_hw, args, label)
        if label not in B.EXTRA:
            suite.append(ratio)
    summary("backward, the issue's suite", suite)

    print("| forward, one plane | PyTorch ms | ours ms | ratio |")
    print("|---|---|---|---|")
    forward = []
    for label, (hi, wi), (ho, wo) in B.FORWARD_SUITE:
        forward.append(case(label, B.torch_forward(torch.rand(1, 1, hi, wi), (ho, wo)),
                            B.OurOp(lib, (1, 1, ho, wo), (hi, wi), B.ACL_FLOAT, forward=True),
                            args))
    summary("forward", forward)

    if args.more:
        print("| backward, more shapes (forward input -> output) | PyTorch ms | ours ms | ratio |")
        print("|---|---|---|---|")
        more = []
        for (n, c, hi, wi), (ho, wo) in MORE:
            label = "(%d, %d, %d, %d) -> (%d, %d)" % (n, c, hi, wi, ho, wo)
            more.append(backward_case(lib, (n, c, ho, wo), (hi, wi), args, label))
        summary("backward, more shapes", more)


if __name__ == "__main__":
    main()
