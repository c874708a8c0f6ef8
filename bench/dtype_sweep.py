#!/usr/bin/python3
"""FLOAT16 and BFLOAT16 time as a fraction of FLOAT's on shapes beyond the
bench's suites (bicubic antialiased backward and forward through the C API,
both phases and the stream synchronisation per call): per shape, the three
dtypes are timed in interleaved rounds for SECONDS and each keeps its best
call (caches warm: the rounds run back to back). Shapes where fp16 or bf16
takes more than 1.1x fp32's time are marked. ACLNN_HOST_SIMD picks the
target as for the library.

usage: dtype_sweep.py LIBRARY [--threads T] [--seconds S]"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import bench_vs_pytorch as B  # noqa: E402

# (gradOutput or output shape (N, C, Ho, Wo), forward input (Hi, Wi), forward)
SHAPES = [
    ((1, 3, 300, 400), (600, 800), False), ((1, 3, 600, 800), (300, 400), False),
    ((4, 3, 100, 100), (333, 333), False), ((4, 3, 333, 333), (100, 100), False),
    ((1, 32, 56, 56), (112, 112), False), ((1, 32, 112, 112), (56, 56), False),
    ((2, 8, 17, 23), (64, 48), False), ((2, 8, 64, 48), (17, 23), False),
    ((16, 16, 3, 3), (9, 9), False), ((16, 16, 9, 9), (3, 3), False),
    ((1, 4, 720, 1280), (360, 640), False), ((1, 4, 360, 640), (720, 1280), False),
    ((1, 1, 1, 1000), (1, 250), False), ((1, 1, 250, 1), (1000, 1), False),
    ((1, 1, 300, 400), (600, 800), True), ((1, 1, 600, 800), (300, 400), True),
    ((1, 3, 224, 224), (500, 375), True),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    lib = B.load(args.library)
    B.thread_setter(lib)(args.threads)
    print("# target %s, %d thread(s)" % (B.simd_target(lib), args.threads))
    worst = 0.0
    for go, hw, forward in SHAPES:
        ops = [B.OurOp(lib, go, hw, d, forward=forward) for d in B.DTYPES]
        best = [float("inf")] * len(ops)
        for op in ops:
            op()  # warm up
        end = time.time() + args.seconds
        while time.time() < end:
            for i, op in enumerate(ops):
                t0 = time.perf_counter()
                op()
                best[i] = min(best[i], time.perf_counter() - t0)
        for op in ops:
            op.free()
        ratios = [t / best[0] for t in best[1:]]
        worst = max(worst, *ratios)
        what = ("forward %dx%d -> %s" % (hw + (go,)) if forward else
                "backward of %dx%d, gradOutput %s" % (hw + (go,)))
        print("%s: fp32 %.3f ms, fp16 %.2fx, bf16 %.2fx%s" % (
            what, best[0] * 1e3, ratios[0], ratios[1],
            "  (> 1.1x)" if max(ratios) > 1.1 else ""))
    print("# worst 16-bit / fp32: %.2fx" % worst)


if __name__ == "__main__":
    main()
