#!/usr/bin/python3
"""F.interpolate forward + backward with aclnn_host.torch enabled against stock
PyTorch, side by side in one process (interleaved rounds, best of each), per
mode, and the per-call overhead of the override on a (1, 3, 64, 64) resize.

usage: torch_override_bench.py [--threads 2] [--quick] [--channels-last]
--channels-last: inputs of rank 4 and 5 in torch.channels_last /
channels_last_3d memory format (PyTorch's channels-last kernels against the
library's pixel rows), with two feature-map cases added.
(aclnn_host must be importable: the installed package, or PYTHONPATH=python
with ACLNN_HOST_LIBRARY pointing at a built libaclnn_host.so)."""
import argparse
import math
import time

import torch
import torch.nn.functional as F

import aclnn_host.torch as override

# (label, input shape, F.interpolate keyword arguments)
CASES = [
    ("bicubic AA, (8, 3, 512, 512) -> 224", (8, 3, 512, 512),
     dict(size=(224, 224), mode="bicubic", antialias=True, align_corners=False)),
    ("bilinear AA, (8, 3, 512, 512) -> 224", (8, 3, 512, 512),
     dict(size=(224, 224), mode="bilinear", antialias=True, align_corners=False)),
    ("bicubic, (8, 3, 512, 512) -> 224", (8, 3, 512, 512),
     dict(size=(224, 224), mode="bicubic", align_corners=False)),
    ("bilinear, (8, 3, 512, 512) -> 224", (8, 3, 512, 512),
     dict(size=(224, 224), mode="bilinear", align_corners=False)),
    ("bilinear 2x up, (1, 64, 128, 128)", (1, 64, 128, 128),
     dict(scale_factor=2, mode="bilinear", align_corners=False)),
    ("nearest 2x up, (1, 64, 128, 128)", (1, 64, 128, 128), dict(scale_factor=2, mode="nearest")),
    ("nearest-exact, (8, 3, 512, 512) -> 224", (8, 3, 512, 512),
     dict(size=(224, 224), mode="nearest-exact")),
    ("linear 1-D 2x up, (4, 256, 512)", (4, 256, 512),
     dict(scale_factor=2, mode="linear", align_corners=False)),
    ("trilinear 2x up, (1, 16, 16, 56, 56)", (1, 16, 16, 56, 56),
     dict(scale_factor=2, mode="trilinear", align_corners=False)),
]
# Feature maps, the layout of channels-last networks (with --channels-last).
CHANNELS_LAST_CASES = [
    ("bicubic AA, (8, 64, 56, 56) -> 28", (8, 64, 56, 56),
     dict(size=(28, 28), mode="bicubic", antialias=True, align_corners=False)),
    ("nearest 2x up, (4, 256, 28, 28)", (4, 256, 28, 28), dict(scale_factor=2, mode="nearest")),
]


def best_of(fn, budget):
    fn()
    best, start, rounds = float("inf"), time.perf_counter(), 0
    while rounds < 3 or (time.perf_counter() - start < budget and rounds < 20):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
        rounds += 1
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--channels-last", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    budget = 0.5 if args.quick else 2.0
    print("torch %s, %d threads; each row: forward + backward (autograd) of float32 input%s" %
          (torch.__version__, args.threads, ", channels-last" if args.channels_last else ""))
    print("| case | stock ms | aclnn-host ms | speed-up |")
    print("|---|---|---|---|")
    ratios = []
    for label, shape, kw in CASES + (CHANNELS_LAST_CASES if args.channels_last else []):
        x = torch.rand(shape)
        if args.channels_last and x.dim() in (4, 5):
            x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else
                             torch.channels_last_3d)
        x.requires_grad_(True)

        def step():
            y = F.interpolate(x, **kw)
            (g,) = torch.autograd.grad(y, x, torch.ones_like(y))
            return g

        override.disable()
        stock = best_of(step, budget)
        with override.enabled():
            ours = best_of(step, budget)
        ratios.append(stock / ours)
        print("| %s | %.2f | %.2f | %.1fx |" % (label, stock * 1e3, ours * 1e3, stock / ours))
    print("geometric mean speed-up: %.1fx" % math.exp(sum(map(math.log, ratios)) / len(ratios)))
    # Per-call overhead on a small resize: forward only, the same call many times.
    x = torch.rand(1, 3, 64, 64)
    calls = 500 if args.quick else 3000
    for state in ("stock", "aclnn-host"):
        if state == "stock":
            override.disable()
        else:
            override.enable()
        for _ in range(100):
            F.interpolate(x, size=(32, 32), mode="bilinear", align_corners=False)
        t0 = time.perf_counter()
        for _ in range(calls):
            F.interpolate(x, size=(32, 32), mode="bilinear", align_corners=False)
        print("per call, (1, 3, 64, 64) -> 32 bilinear forward, %s: %.1f us" %
              (state, (time.perf_counter() - t0) / calls * 1e6))
    override.disable()


if __name__ == "__main__":
    main()
