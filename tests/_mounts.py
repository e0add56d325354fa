"Small filesystems the fault tests mount (a full disk, a read-only one); a test skips, saying why, where mounting is not permitted."
import os, errno, subprocess, contextlib, pytest

@contextlib.contextmanager
def tmpfs(path, size='2m'):
    "Mount a tmpfs of `size` on `path` for the block; skip the test when this process may not mount."
    path.mkdir(parents=True, exist_ok=True)
    try: r = subprocess.run(['mount', '-t', 'tmpfs', '-o', f'size={size}', 'tmpfs', str(path)], capture_output=True, text=True)
    except FileNotFoundError: pytest.skip('no mount command here: the full/read-only disk test needs one (and root)')
    if r.returncode: pytest.skip(f'cannot mount a tmpfs here ({r.stderr.strip() or r.returncode}): needs root or CAP_SYS_ADMIN')
    try: yield path
    finally: subprocess.run(['umount', '-l', str(path)], capture_output=True)

def remount(path, mode):
    "Remount a tmpfs mounted by `tmpfs` read-only ('ro') or writable ('rw')."
    subprocess.run(['mount', '-o', f'remount,{mode}', str(path)], check=True, capture_output=True)

def fill(path)->int:
    "Write a file into `path` until its filesystem is full; returns the bytes written."
    fd, n = os.open(path/'filler', os.O_WRONLY | os.O_CREAT), 0
    try:
        for bs in (65536, 4096, 512, 1):
            while True:
                try: n += os.write(fd, b'\0' * bs)
                except OSError as e:
                    if e.errno != errno.ENOSPC: raise
                    break
    finally: os.close(fd)
    return n

def free(path):
    "Make room again: remove what `fill` wrote."
    (path/'filler').unlink()
