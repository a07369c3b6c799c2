# A stand-in for systemd's notification socket (tests): binds a unix datagram socket, prints each
# message on one line ("|" between assignments), and closes the file descriptors a BARRIER=1 carries,
# as the service manager does, so that systemd-notify's barrier completes.
import array, os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("LISTENING", flush=True)
while True:
    msg, anc, _flags, _addr = s.recvmsg(4096, socket.CMSG_SPACE(16 * 4))
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds = array.array("i")
            fds.frombytes(data[: len(data) - (len(data) % fds.itemsize)])
            for fd in fds:
                os.close(fd)
    print(msg.decode().strip().replace("\n", "|"), flush=True)
