#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The CPU time the calling thread spends in `body`, in seconds (`CLOCK_THREAD_CPUTIME_ID`): the ratio benchmarks time
/// both sides with it, so that time spent waiting for a CPU on a loaded machine counts on neither.
public func threadCPUTime(_ body: () -> Void) -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    body()
    return now() - start
}
