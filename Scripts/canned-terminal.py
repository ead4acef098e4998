#!/usr/bin/env python3
"""A canned terminal for Cascade's tests: runs a command under a pseudo-terminal, answers the
queries Cascade writes as one kind of terminal would, records every byte the command writes,
and can press keys once the output shows something.

usage: canned_terminal.py PERSONA OUTPUT [--size COLSxROWS] [--env K=V]... [--step PATTERN KEYS]...
       -- COMMAND ARGS...
A step waits until PATTERN (a Python bytes literal body, e.g. 'a=T') appears in the output
written since the previous step (or, for SLEEP:SECONDS, that long), waits a moment for the
frame to settle, and types KEYS ('\\n' escapes allowed). KEYS `RESIZE:COLSxROWS` resizes the
terminal instead; anything after a space there is typed at once after the resize, so that the
command reads both together. After the last step the command must exit by itself within the
timeout; it is killed otherwise. Exit status: the command's, or 124 on timeout.
"""
import fcntl, os, pty, select, signal, struct, sys, termios, time

PERSONAS = {
    # kitty: answers everything, graphics OK; a light theme's background.
    "kitty": {
        b"\x1b[>q": b"\x1bP>|kitty(0.35.2)\x1b\\",
        b"\x1b_Gi=31,": b"\x1b_Gi=31;OK\x1b\\",
        b"\x1b[16t": b"\x1b[6;20;10t",
        b"\x1b]11;?": b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\",
        b"\x1b[c": b"\x1b[?62;22c",
    },
    # xterm started with -ti vt340: sixel in its device attributes, APC ignored.
    "xterm-sixel": {
        b"\x1b[>q": b"\x1bP>|XTerm(390)\x1b\\",
        b"\x1b[16t": b"\x1b[6;17;9t",
        b"\x1b]11;?": b"\x1b]11;rgb:0000/0000/0000\x07",
        b"\x1b[c": b"\x1b[?63;1;2;4;6;9;15;22c",
    },
    # iTerm2: names itself, no kitty graphics.
    "iterm2": {
        b"\x1b[>q": b"\x1bP>|iTerm2 3.5.0\x1b\\",
        b"\x1b[16t": b"\x1b[6;32;16t",
        b"\x1b[c": b"\x1b[?62;4c",
    },
    # A terminal that answers nothing at all: the budget must hold.
    "silent": {},
    # Garbage around a device-attributes answer: nothing may crash or be believed.
    "garbage": {
        b"\x1b[c": b"\x1b_Gi=31;\x1b[6;99999999;x t\xff\xfe\x1bP>|\x07evil\x1b]0;x\x07"
        b"\x1b[?62;c\x1b[?1;2c",
    },
}


def main():
    args = sys.argv[1:]
    persona, output = args[0], args[1]
    rest = args[2:]
    cols, rows = 100, 30
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/tmp"),
           "SWIFT_BACKTRACE": "interactive=no"}
    for key in ("XDG_CACHE_HOME",):
        if key in os.environ:
            env[key] = os.environ[key]
    steps = []
    timeout = 30.0
    while rest and rest[0] != "--":
        flag = rest.pop(0)
        if flag == "--size":
            cols, rows = (int(n) for n in rest.pop(0).split("x"))
        elif flag == "--env":
            key, _, value = rest.pop(0).partition("=")
            env[key] = value
        elif flag == "--step":
            pattern = rest.pop(0).encode().decode("unicode_escape").encode("latin-1")
            keys = rest.pop(0).encode().decode("unicode_escape").encode("latin-1")
            steps.append((pattern, keys))
        elif flag == "--timeout":
            timeout = float(rest.pop(0))
    command = rest[1:]
    answers = dict(PERSONAS[persona])

    pid, master = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, env)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    received = bytearray()
    step_start = 0
    settle_at = None
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                # The command closed the terminal: it is exiting.
                status = os.waitpid(pid, 0)[1]
                break
            received += chunk
            for query in list(answers):
                if query in received:
                    os.write(master, answers.pop(query))
        if steps:
            pattern, keys = steps[0]
            if settle_at is None and pattern.startswith(b"SLEEP:"):
                settle_at = time.monotonic() + float(pattern[6:])
            elif settle_at is None and pattern in received[step_start:]:
                settle_at = time.monotonic() + 0.4
            if settle_at is not None and time.monotonic() >= settle_at:
                if keys.startswith(b"RESIZE:"):
                    size, _, typed = keys[7:].partition(b" ")
                    c, r = (int(n) for n in size.split(b"x"))
                    # Stopped meanwhile, the command finds the resize and the keys together.
                    if typed:
                        os.kill(pid, signal.SIGSTOP)
                    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", r, c, 0, 0))
                    os.kill(pid, signal.SIGWINCH)
                    if typed:
                        os.write(master, typed)
                        time.sleep(0.1)
                        os.kill(pid, signal.SIGCONT)
                else:
                    os.write(master, keys)
                steps.pop(0)
                step_start = len(received)
                settle_at = None
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
            # Drain what is left.
            while select.select([master], [], [], 0.1)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                received += chunk
            break
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        exit_code = 124
    else:
        exit_code = os.waitstatus_to_exitcode(status)
    with open(output, "wb") as f:
        f.write(bytes(received))
    sys.exit(exit_code if exit_code >= 0 else 128 - exit_code)


main()
