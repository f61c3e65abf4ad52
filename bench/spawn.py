"""Run a command from a small process; write its wall time, its own peak RSS and its CPU
time to a file.

On Linux a process keeps the peak RSS it had before ``exec`` in ``ru_maxrss``. A command
started straight from ``run.py`` (which holds generated data, hundreds of MB) began as a
copy of it, so ``wait4`` reported ``run.py``'s size, not the command's. Started from this
small interpreter, the floor is about 10 MB, under any datasetkit run.

Usage: ``python -I -S spawn.py REPORT MAX_BYTES COMMAND...`` (MAX_BYTES 0: no cap).
"""

import os
import resource
import subprocess
import sys
import time


def main() -> int:
    report, cap, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    if cap:
        # The command cannot take the machine's memory: over the cap it fails instead.
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    started = time.perf_counter()
    proc = subprocess.Popen(cmd)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - started
    with open(report, "w", encoding="ascii") as fh:
        # ru_maxrss is in kB on Linux; the CPU time counts the processes it waited for.
        fh.write(f"{took} {usage.ru_maxrss * 1024} {usage.ru_utime + usage.ru_stime}")
    code = os.waitstatus_to_exitcode(status)
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main())
