#!/usr/bin/python3
# swap-on-open.py WATCHED PATH TARGET: waits until WATCHED is first opened
# (inotify), then puts a symlink to TARGET in PATH's place (a file is
# replaced atomically; a directory is first moved aside to PATH.before).
# Prints "ready" once it watches. A tree or an output directory changed
# while kbuild-pack runs, at a moment of its choosing (issue 45: what was
# checked is what is copied, a path is its identity). Python's ctypes: no
# inotify-tools needed.
import ctypes
import os
import sys

IN_OPEN = 0x20
libc = ctypes.CDLL(None, use_errno=True)
watched, path, target = sys.argv[1:4]
fd = libc.inotify_init()
if fd < 0 or libc.inotify_add_watch(fd, watched.encode(), IN_OPEN) < 0:
    sys.exit("swap-on-open: inotify: %s" % os.strerror(ctypes.get_errno()))
print("ready", flush=True)
os.read(fd, 4096)
tmp = path + ".swap"
os.symlink(target, tmp)
if os.path.isdir(path) and not os.path.islink(path):
    os.rename(path, path + ".before")
os.rename(tmp, path)
