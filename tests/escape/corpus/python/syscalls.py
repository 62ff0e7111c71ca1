# Calls test_isolation.sh does not try: umount2, pivot_root, setns on a
# namespace file, process_vm_writev, pidfd_getfd, request_key, and clone3.
# sbx-expect: ok
# sbx-want: BLOCKED
import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
def sc(nr, *a):
    r = libc.syscall(nr, *[ctypes.c_long(x) for x in a]); return r, ctypes.get_errno()
p = ctypes.c_char_p(b"/")
for name, nr, args in (("umount2", 166, (ctypes.cast(p, ctypes.c_void_p).value, 2)),
                       ("pivot_root", 155, (ctypes.cast(p, ctypes.c_void_p).value,) * 2),
                       ("process_vm_writev", 311, (1, 0, 0, 0, 0, 0)),
                       ("pidfd_getfd", 438, (0, 0, 0)),
                       ("request_key", 249, (0, 0, 0, 0)),
                       ("clone3", 435, (0, 0))):
    r, e = sc(nr, *args)
    bad = r >= 0 or e not in (errno.EPERM, errno.ENOSYS, errno.EACCES)
    print("ESCAPED" if bad else "BLOCKED", name, r, errno.errorcode.get(e, e))
