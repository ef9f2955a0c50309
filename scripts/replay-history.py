#!/usr/bin/env python3
"""Replays the recent commits of real apps the way cpdi sees a working tree that a developer edits: the tree
at the commit's parent is analysed (filling the cache), then the commit's changes are written and it is
analysed again, warm, and once more cold (no cache), with `cpdi report --format json`. Counts how each warm run was answered (the saved result as it was, the
saved result with places moved, or linking again) and fails when a warm result differs from the cold one
by a single byte.

    scripts/replay-history.py MIRROR_DIR APP… [--commits N] [--cpdi PATH] [--work DIR]

MIRROR_DIR holds one git directory per app, as the search tool's `fetch` or `git clone --mirror` leaves
them (`MIRROR_DIR/owner+name/repo` or `MIRROR_DIR/owner+name`); APP is `owner+name`. The last N commits
that are not merges and change a `.swift` file are replayed, oldest first (default 30).
"""
import argparse, os, shutil, subprocess, sys, time


def git(repo, *args, env=None):
    return subprocess.run(["git", f"--git-dir={repo}", *args], check=True, capture_output=True, text=True, env=env).stdout


def git_dir(mirror, app):
    for candidate in (os.path.join(mirror, app, "repo"), os.path.join(mirror, app)):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    sys.exit(f"replay-history: no git directory for {app} in {mirror}")


def run(cpdi, folder, *args):
    started = time.monotonic()
    process = subprocess.run([cpdi, "report", "--format", "json", *args, "."], cwd=folder, capture_output=True,
                             env={**os.environ, "CPDI_TIMINGS": "1"})
    if process.returncode not in (0, 1):
        log = os.path.join(os.path.dirname(folder), "failure.txt")
        with open(log, "wb") as out:
            out.write(process.stderr)
        sys.exit(f"replay-history: cpdi {' '.join(args)} failed in {folder} (exit {process.returncode}); its output is in {log}")
    return process.stdout, process.stderr.decode(), time.monotonic() - started


def answered(timings):
    if "cpdi timing: linking" in timings:
        return "linked"
    if "cpdi timing: moved places" in timings:
        return "moved"
    return "saved"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror")
    parser.add_argument("apps", nargs="+")
    parser.add_argument("--commits", type=int, default=30)
    parser.add_argument("--cpdi", default=os.path.join(os.path.dirname(__file__), "..", ".build-release", "release", "cpdi"))
    parser.add_argument("--work", default="/tmp/cpdi-replay")
    options = parser.parse_args()
    cpdi = os.path.abspath(options.cpdi)
    totals, failures, skipped = {}, [], []
    print("| app | commits | saved result | places moved | linked | warm, median | cold, median |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for app in options.apps:
        repo = git_dir(options.mirror, app)
        commits = git(repo, "rev-list", "--no-merges", f"--max-count={options.commits}", "HEAD", "--", "*.swift").split()[::-1]
        work = os.path.join(options.work, app)
        shutil.rmtree(work, ignore_errors=True)
        tree, cache = os.path.join(work, "tree"), os.path.join(work, "cache")
        os.makedirs(tree)
        env = {**os.environ, "GIT_INDEX_FILE": os.path.join(work, "index"), "GIT_WORK_TREE": tree}
        counts, warm_times, cold_times = {"saved": 0, "moved": 0, "linked": 0}, [], []
        current = None
        for commit in commits:
            # Only the files that differ are written, as a checkout in a developer's clone does. A commit whose
            # tree the mirror does not hold whole (a shallow history, a large file left out) is skipped.
            try:
                parent = git(repo, "rev-parse", f"{commit}^").strip()
                for target in (parent, commit):
                    if current is None:
                        git(repo, "read-tree", "-u", "--reset", target, env=env)
                    else:
                        git(repo, "read-tree", "-m", "-u", current, target, env=env)
                    current = target
                    warm, timings, warm_time = run(cpdi, tree, "--cache-path", cache)
            except subprocess.CalledProcessError:
                skipped.append(app)
                current = None
                continue
            cold, _, cold_time = run(cpdi, tree, "--no-cache")
            kind = answered(timings)
            counts[kind] += 1
            warm_times.append(warm_time)
            cold_times.append(cold_time)
            if warm != cold:
                failures.append(f"{app} at {commit[:9]} ({kind})")
        median = lambda values: sorted(values)[len(values) // 2] if values else 0
        replayed = sum(counts.values())
        print(f"| {app.replace('+', '/')} | {replayed} | {counts['saved']} | {counts['moved']} | {counts['linked']} "
              f"| {median(warm_times):.2f} s | {median(cold_times):.2f} s |", flush=True)
        for kind, count in counts.items():
            totals[kind] = totals.get(kind, 0) + count
    print(f"\nIn all: {sum(totals.values())} commits, {totals.get('saved', 0)} answered by the saved result, "
          f"{totals.get('moved', 0)} by it with places moved, {totals.get('linked', 0)} linked again.")
    if skipped:
        counted = ", ".join(f"{skipped.count(app)} of {app.replace('+', '/')}" for app in dict.fromkeys(skipped))
        print(f"Skipped, as the mirror lacks their trees: {counted}.")
    if failures:
        print("Warm result differs from cold: " + ", ".join(failures))
        sys.exit(1)
    print("Every warm result is byte-identical to the cold one.")


if __name__ == "__main__":
    main()
