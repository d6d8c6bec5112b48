/* rlottie behind a process boundary (issue 56). rlottie cannot be interrupted, throws std::bad_alloc when memory
   runs out (which aborts the process: nothing of ours can catch a C++ exception) and has inputs that make it
   allocate without end, so every call into it runs in a helper process forked from this one, under limits of its
   own (address space, CPU time, no core file) and a deadline per request: whatever slips past LottieCheck ends as a
   failed request, never as an abort, a hang or unbounded memory of the renderer. Written by hand: it is a small
   request loop over two pipes, and no library runs foreign code under a time and memory limit in process.

   The child of fork() only calls what is safe there in a process that had threads: read, write, setrlimit,
   close_range, open, dup2, _exit, and malloc (glibc makes it safe after fork) and rlottie, which this process never
   calls itself, so none of rlottie's locks or thread pools can be held or half made at the fork. */
#define _GNU_SOURCE
#include "CRLottie.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { OP_LOAD = 1, OP_RENDER = 2, OP_UNLOAD = 3 };
enum { CHILD_IN = 3, CHILD_OUT = 4 };

typedef struct {
    uint32_t op, id;
    uint64_t a, b;
} request;

typedef struct {
    int32_t status;
    uint32_t reserved;
    uint64_t frames;
    double frame_rate;
} reply;

/* ---- the child ---- */

static int read_all(int fd, void *buffer, size_t size) {
    char *at = buffer;
    while (size > 0) {
        ssize_t got = read(fd, at, size);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        at += got;
        size -= (size_t)got;
    }
    return 0;
}

static int write_all(int fd, const void *buffer, size_t size) {
    const char *at = buffer;
    while (size > 0) {
        ssize_t put = write(fd, at, size);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return -1;
        at += put;
        size -= (size_t)put;
    }
    return 0;
}

typedef struct {
    uint32_t id;
    Lottie_Animation *animation;
} loaded;

static long current_address_space(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[128];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = 0;
    return strtol(text, NULL, 10) * sysconf(_SC_PAGESIZE);
}

static void child_main(size_t memory_budget, unsigned cpu_seconds) {
    /* Nothing of the parent's but the two pipes: no listening socket or output file is held by the helper. */
    close_range(CHILD_OUT + 1, ~0U, 0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
        if (null > CHILD_OUT) close(null);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) sigaction(signal_number, &fallback, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    long base = current_address_space();
    if (base > 0) {
        struct rlimit space = { (rlim_t)base + memory_budget, (rlim_t)base + memory_budget };
        setrlimit(RLIMIT_AS, &space);
    }
    loaded *table = NULL;
    size_t count = 0, capacity = 0;
    for (;;) {
        request in;
        if (read_all(CHILD_IN, &in, sizeof in) != 0) _exit(0);
        /* Each request may use `cpu_seconds` of CPU from here: the parent's deadline is the guard, this the
           backstop for a helper whose parent is gone (then nobody reads the pipe and nobody kills it). */
        struct rusage used;
        if (getrusage(RUSAGE_SELF, &used) == 0) {
            struct rlimit cpu = { (rlim_t)(used.ru_utime.tv_sec + used.ru_stime.tv_sec + 1) + cpu_seconds, RLIM_INFINITY };
            setrlimit(RLIMIT_CPU, &cpu);
        }
        reply out;
        memset(&out, 0, sizeof out);
        out.status = -1;
        size_t slot = count;
        for (size_t i = 0; i < count; i++) if (table[i].id == in.id) slot = i;
        if (in.op == OP_LOAD) {
            if (in.a > (64u << 20)) _exit(3);
            char *json = malloc(in.a + 1);
            if (json == NULL || read_all(CHILD_IN, json, in.a) != 0) _exit(3);
            json[in.a] = 0;
            Lottie_Animation *animation = ipr_lottie_from_data(json, json, "");
            free(json);
            if (animation != NULL && slot == count) {
                if (count == capacity) {
                    size_t grown = capacity ? capacity * 2 : 16;
                    loaded *larger = realloc(table, grown * sizeof *table);
                    if (larger == NULL) _exit(3);
                    table = larger;
                    capacity = grown;
                }
                table[count].id = in.id;
                table[count].animation = animation;
                count++;
            } else if (animation != NULL) {
                ipr_lottie_destroy(table[slot].animation);
                table[slot].animation = animation;
            }
            if (animation != NULL) {
                out.status = 0;
                out.frames = ipr_lottie_total_frames(animation);
                out.frame_rate = ipr_lottie_frame_rate(animation);
            }
            if (write_all(CHILD_OUT, &out, sizeof out) != 0) _exit(0);
        } else if (in.op == OP_RENDER) {
            size_t side = (size_t)in.b;
            if (slot == count || side == 0 || side > 4096) {
                if (write_all(CHILD_OUT, &out, sizeof out) != 0) _exit(0);
                continue;
            }
            uint32_t *pixels = calloc(side * side, 4);
            if (pixels == NULL) _exit(3);
            ipr_lottie_render(table[slot].animation, (size_t)in.a, pixels, side, side, side * 4);
            out.status = 0;
            if (write_all(CHILD_OUT, &out, sizeof out) != 0 || write_all(CHILD_OUT, pixels, side * side * 4) != 0) _exit(0);
            free(pixels);
        } else if (in.op == OP_UNLOAD) {
            if (slot < count) {
                ipr_lottie_destroy(table[slot].animation);
                table[slot] = table[count - 1];
                count--;
            }
        } else {
            _exit(3);
        }
    }
}

/* ---- the parent ---- */

void ipr_lottie_helper_init(ipr_lottie_helper *helper) {
    helper->pid = -1;
    helper->to_child = -1;
    helper->from_child = -1;
}

void ipr_lottie_helper_stop(ipr_lottie_helper *helper) {
    if (helper->to_child >= 0) close(helper->to_child);
    if (helper->from_child >= 0) close(helper->from_child);
    if (helper->pid > 0) {
        kill(helper->pid, SIGKILL);
        while (waitpid(helper->pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    ipr_lottie_helper_init(helper);
}

int ipr_lottie_helper_start(ipr_lottie_helper *helper, size_t memory_budget, unsigned cpu_seconds) {
    if (helper->pid > 0) return 0;
    if (ipr_lottie_load() != NULL) return -1;
    int down[2], up[2];
    if (pipe2(down, O_CLOEXEC) != 0) return -1;
    if (pipe2(up, O_CLOEXEC) != 0) {
        close(down[0]);
        close(down[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(down[0]); close(down[1]); close(up[0]); close(up[1]);
        return -1;
    }
    if (pid == 0) {
        /* The request pipe's read end becomes 3, the reply pipe's write end 4 (dup2 clears close-on-exec). */
        int in = down[0], out = up[1];
        if (in == CHILD_OUT) { in = dup(in); }
        if (out == CHILD_IN) { out = dup(out); }
        if (in < 0 || out < 0 || dup2(in, CHILD_IN) < 0 || dup2(out, CHILD_OUT) < 0) _exit(3);
        child_main(memory_budget, cpu_seconds);
        _exit(0);
    }
    close(down[0]);
    close(up[1]);
    helper->pid = pid;
    helper->to_child = down[1];
    helper->from_child = up[0];
    return 0;
}

static double now_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Reads `size` bytes before `deadline` (CLOCK_MONOTONIC seconds): 0, -1 when the helper died, -2 past the deadline. */
static int read_before(int fd, void *buffer, size_t size, double deadline) {
    char *at = buffer;
    while (size > 0) {
        double left = deadline - now_seconds();
        if (left <= 0) return -2;
        struct pollfd watch = { fd, POLLIN, 0 };
        int ready = poll(&watch, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -1;
        if (ready == 0) continue;
        ssize_t got = read(fd, at, size);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) return -1;
        at += got;
        size -= (size_t)got;
    }
    return 0;
}

/* Sends a request; a helper that has died (EPIPE) is reported, never a SIGPIPE. */
static int send_request(ipr_lottie_helper *helper, const request *header, const void *payload, size_t size) {
    sigset_t pipe_signal, previous;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    int failed = write_all(helper->to_child, header, sizeof *header) != 0 || (size > 0 && write_all(helper->to_child, payload, size) != 0);
    /* A SIGPIPE raised by this thread's write is pending now: taken without a handler running. */
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) {
        struct timespec zero = { 0, 0 };
        sigtimedwait(&pipe_signal, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return failed ? -1 : 0;
}

int ipr_lottie_helper_load(ipr_lottie_helper *helper, uint32_t id, const char *json, size_t size, double seconds,
                           size_t *frames, double *frame_rate) {
    if (helper->pid <= 0) return -1;
    request header = { OP_LOAD, id, size, 0 };
    if (send_request(helper, &header, json, size) != 0) return -1;
    reply answer;
    int status = read_before(helper->from_child, &answer, sizeof answer, now_seconds() + seconds);
    if (status != 0) return status;
    if (answer.status != 0) return -3;
    *frames = (size_t)answer.frames;
    *frame_rate = answer.frame_rate;
    return 0;
}

int ipr_lottie_helper_render(ipr_lottie_helper *helper, uint32_t id, size_t frame, uint32_t *pixels, size_t side, double seconds) {
    if (helper->pid <= 0) return -1;
    request header = { OP_RENDER, id, frame, side };
    if (send_request(helper, &header, NULL, 0) != 0) return -1;
    double deadline = now_seconds() + seconds;
    reply answer;
    int status = read_before(helper->from_child, &answer, sizeof answer, deadline);
    if (status != 0) return status;
    if (answer.status != 0) return -3;
    return read_before(helper->from_child, pixels, side * side * 4, deadline);
}

void ipr_lottie_helper_unload(ipr_lottie_helper *helper, uint32_t id) {
    if (helper->pid <= 0) return;
    request header = { OP_UNLOAD, id, 0, 0 };
    send_request(helper, &header, NULL, 0);
}
