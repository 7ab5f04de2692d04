import Dispatch
import HapticSystem
import Synchronization

/// Turns Ctrl-C (`SIGINT`), `SIGTERM` and `SIGHUP` (the terminal went away) into a call on a dispatch queue, so the real-time commands can silence the
/// output and restore the terminal before they exit (with 128 + the signal number, 130 for Ctrl-C).
///
///     let interrupt = InterruptSignal { signal in outcome.settle(.interrupted(signal)) }
///     defer { interrupt.cancel() }
///
/// The default action is ignored while the handler is installed (`signal(…, SIG_IGN)`, as `DispatchSource`
/// requires); a second signal while the first is still being handled exits at once with 128 + its number.
package final class InterruptSignal {
    /// The first signal's number (0 until one arrives), shared with the handlers.
    private final class Latch: Sendable {
        let received = Atomic<Int32>(0)
        let exitsAtOnce = Atomic<Bool>(false)
    }

    private let sources: [any DispatchSourceSignal]
    private let latch = Latch()

    /// While `true`, a signal ends the process at once with 128 + its number instead of calling the handler: for
    /// the moments when the command is blocked in a call it cannot interrupt (opening an output) and nothing is
    /// playing yet, so there is nothing to silence.
    internal var exitsImmediately: Bool {
        get { latch.exitsAtOnce.load(ordering: .acquiring) }
        set { latch.exitsAtOnce.store(newValue, ordering: .releasing) }
    }

    /// Installs the handler; `handler` runs once, on a private queue, with the first signal's number.
    package init(_ handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "haptic.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for source in sources {
            let number = Int32(source.handle)
            source.setEventHandler { [latch] in
                if latch.exitsAtOnce.load(ordering: .acquiring) { _exit(128 + number) }
                let (exchanged, _) = latch.received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing)
                if exchanged {
                    handler(number)
                } else {
                    _exit(128 + number)
                }
            }
            source.resume()
        }
    }

    /// The first signal received, or `nil`.
    package var signalNumber: Int32? {
        let value = latch.received.load(ordering: .acquiring)
        return value == 0 ? nil : value
    }

    /// Removes the handler and restores the default actions.
    package func cancel() {
        for source in sources {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
    }
}
