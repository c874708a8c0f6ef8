#!/usr/bin/python3
"""Compares the example programs' output with the expected text
(tests/data/example_expected.txt: PyTorch's values, float64, printed as the
programs print). Words must match exactly; a number may differ from the
expected one by the float32 accuracy bar of the contract,
|got - want| <= 2e-6 |want| + 1e-5 max|want of its block| (a block: the
lines of numbers after one header line), plus half a unit of the last printed
digit. Standard library only.

usage: compare_example_output.py EXPECTED GOT; prints each difference and
'N numbers compared, M differ'; exits 1 if anything differs."""
import sys


def number(token):
    try:
        return float(token)
    except ValueError:
        return None


def blocks(lines):
    """Per line, the largest |number| of its block of numeric lines."""
    maxima, current, start = [0.0] * len(lines), 0.0, 0
    for i, line in enumerate(lines + [""]):
        values = [number(t) for t in line.split()]
        numeric = bool(values) and all(v is not None for v in values)
        if numeric:
            current = max([current] + [abs(v) for v in values])
            continue
        for k in range(start, i):
            maxima[k] = current
        current, start = 0.0, i + 1
    return maxima


def main():
    want_lines = open(sys.argv[1]).read().splitlines()
    got_lines = open(sys.argv[2]).read().splitlines()
    maxima = blocks(want_lines)
    bad = compared = 0
    if len(want_lines) != len(got_lines):
        print("line count: expected %d, got %d" % (len(want_lines), len(got_lines)))
        bad += 1
    for i, (w, g) in enumerate(zip(want_lines, got_lines)):
        wt, gt = w.split(), g.split()
        if len(wt) != len(gt):
            print("line %d: expected %r, got %r" % (i + 1, w, g))
            bad += 1
            continue
        for a, b in zip(wt, gt):
            va, vb = number(a), number(b)
            if va is None or vb is None or "." not in a:
                if a != b:
                    print("line %d: expected %r, got %r" % (i + 1, w, g))
                    bad += 1
                continue
            compared += 1
            digits = len(a.split(".")[1])
            tol = 2e-6 * abs(va) + 1e-5 * maxima[i] + 0.5 * 10 ** -digits
            if abs(va - vb) > tol:
                print("line %d: %s, expected %s (tolerance %.2g)" % (i + 1, b, a, tol))
                bad += 1
    print("compare_example_output: %d numbers compared, %d differ" % (compared, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
