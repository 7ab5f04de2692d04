import HapticSystem
import Testing

/// ``SystemCall``: the one system-call funnel (retries `EINTR`, names the call and its `errno` in errors).
@Suite struct SystemCallTests {
    @Test func retriesInterruptedCalls() {
        var calls = 0
        let result = SystemCall.retryingInterrupts("mock") { () -> Int in
            calls += 1
            return calls <= 2 ? -Int(EINTR) : 7
        }
        #expect(result == .success(7))
        #expect(calls == 3)
    }

    @Test func retriesInterruptedCallsThatSetErrno() {
        var calls = 0
        let result = SystemCall.retryingInterrupts { () -> Int32 in
            calls += 1
            if calls <= 2 {
                errno = EINTR
                return -1
            }
            return 4
        }
        #expect(result == 4)
        #expect(calls == 3)
    }

    @Test func keepsErrnoOfAFailureThatIsNotAnInterrupt() {
        var calls = 0
        let result = SystemCall.retryingInterrupts { () -> Int32 in
            calls += 1
            errno = ENOENT
            return -1
        }
        #expect(result == -1)
        #expect(errno == ENOENT)
        #expect(calls == 1)
    }

    @Test func anErrorNamesTheCallAndTheErrno() {
        let result = SystemCall.retryingInterrupts("EVIOCSFF") { -Int(ENOSPC) }
        #expect(result == .failure(SystemCallError(call: "EVIOCSFF", errno: ENOSPC)))
        let error = SystemCallError(call: "EVIOCSFF", errno: ENOSPC)
        #expect(error.description == "EVIOCSFF failed: No space left on device (errno \(ENOSPC))")
    }

    @Test func closeIsNotRetried() {
        var calls = 0
        let result = SystemCall.once("close") { () -> Int in
            calls += 1
            return -Int(EINTR)
        }
        #expect(result == .failure(SystemCallError(call: "close", errno: EINTR)))
        #expect(calls == 1)
    }
}
