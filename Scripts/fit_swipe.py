#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fits the swipe likelihood's coefficients (Sources/Caret/Keyboard/Swipe/SwipeLikelihood.swift)
by maximum conditional likelihood: for each training path, the softmax of the candidates' scores
(score = -(sum of coefficient x feature) - the cuts' channels marginalised: -log of the mean over the
template's cuts of exp(-(shape x shape feature + location x location feature))), the log of the drawn word's share summed over paths, with a small
L2 pull towards the starting coefficients. Costs (squared distances, frequency, marks) are kept
non-negative so that the decoder's bound holds.

    caret-demo --measure-swipe en,de,fr,es,ru --swipe-training-set /tmp/swipe.tsv
    python3 Scripts/fit_swipe.py /tmp/swipe.tsv
"""
import sys

import numpy as np
from scipy.optimize import minimize

FREE = {"keys", "endAlong", "lengthRatio"}  # any sign; every other coefficient is a cost, >= 0
START = {"frequency": 0.6, "keys": 0, "start": 2.469, "endAlong": 0, "endAlongSquared": 2.469, "endAcross": 2.469,
         "lengthRatio": 0, "lengthRatioSquared": 0, "stray": 34.72, "keyPass": 2.469, "keyPassTurning": 2.469, "keySpeed": 0, "marks": 1, "shape": 312.5,
         "location": 4.082}


def load(path):
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    names = header[5:]
    plain = [n for n in names if not n.startswith(("shape", "location"))]
    shapes = [i for i, n in enumerate(names) if n.startswith("shape")]
    locations = [i for i, n in enumerate(names) if n.startswith("location")]
    x = np.array([[float(v) for v in r[5:]] for r in rows])
    group = np.array([int(r[1]) for r in rows])
    drawn = np.array([r[4] == "1" for r in rows])
    language = np.array([r[0] for r in rows])
    writer = np.array([int(r[2]) for r in rows])
    return plain, x[:, :len(plain)], x[:, shapes], x[:, locations], group, drawn, language, writer


def main():
    plain, f, shape, location, group, drawn, language, writer = load(sys.argv[1])
    names = plain + ["shape", "location"]
    start = np.array([START[n] for n in names])
    scale = np.maximum(np.abs(start), 1.0)
    _, inverse = np.unique(group, return_inverse=True)
    groups = inverse.max() + 1

    def scores(c):
        channel = c[-2] * shape + c[-1] * location
        least = channel.min(axis=1)
        # Each cut as likely: -log of the mean of exp(-channel), and each cut's share of it (its
        # weight in the gradient).
        e = np.exp(-(channel - least[:, None]))
        share = e / e.sum(axis=1, keepdims=True)
        mixed = least - np.log(e.mean(axis=1))
        return -(f @ c[:-2]) - mixed, (share * shape).sum(axis=1), (share * location).sum(axis=1)

    def objective(u):
        c = u * scale
        s, sh, lo = scores(c)
        top = np.full(groups, -np.inf)
        np.maximum.at(top, inverse, s)
        e = np.exp(s - top[inverse])
        total = np.zeros(groups)
        np.add.at(total, inverse, e)
        p = e / total[inverse]
        loss = -(s[drawn] - top[inverse[drawn]] - np.log(total[inverse[drawn]])).sum()
        # d loss / d c = sum over rows of (p - drawn) * (-feature)
        weight = p - drawn
        grad = np.concatenate([-(weight[:, None] * f).sum(0), [-(weight * sh).sum(), -(weight * lo).sum()]])
        ridge = 1.0
        loss += ridge * ((u - start / scale) ** 2).sum()
        return loss, grad * scale + 2 * ridge * (u - start / scale)

    def accuracy(c, mask=None):
        s, _, _ = scores(c)
        order = np.lexsort((-s, inverse))
        ranked = inverse[order]
        first = np.r_[True, ranked[1:] != ranked[:-1]]
        rank = np.arange(len(order)) - np.maximum.accumulate(np.where(first, np.arange(len(order)), 0))
        rows = order[drawn[order]]
        ranks = rank[drawn[order]]
        keep = np.ones(len(rows), bool) if mask is None else mask[rows]
        return (ranks[keep] == 0).mean(), (ranks[keep] < 3).mean()

    bounds = [(None, None) if n in FREE else (0, None) for n in names]
    print("start: top-1 %.3f top-3 %.3f" % accuracy(start))
    result = minimize(objective, start / scale, jac=True, method="L-BFGS-B", bounds=bounds, options={"maxiter": 500})
    c = result.x * scale
    print("fitted: top-1 %.3f top-3 %.3f (%s)" % (*accuracy(c), result.message))
    for lang in sorted(set(language)):
        print("  %s: top-1 %.3f top-3 %.3f" % (lang, *accuracy(c, language == lang)))
    print(",".join("%s=%.4g" % (n, v) for n, v in zip(names, c)))


if __name__ == "__main__":
    main()
