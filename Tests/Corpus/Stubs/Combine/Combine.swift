// A stand-in for Apple's Combine (not on Linux), for the compatibility corpus gate only (.ci/corpus.sh): the few
// declarations the corpus files use beside their haptics calls. Nothing here plays haptics.

/// A type whose values change over time (the corpus uses it as a constraint only).
public protocol Publisher<Output, Failure> {
    /// The values it publishes.
    associatedtype Output
    /// The error it can fail with.
    associatedtype Failure: Error
}

/// An object SwiftUI observes (the corpus only declares conformances).
public protocol ObservableObject: AnyObject {}

/// A property that publishes its changes (here it only stores the value).
@propertyWrapper public struct Published<Value> {
    /// The stored value.
    public var wrappedValue: Value

    /// Stores `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Something that can be cancelled.
public final class AnyCancellable {
    private let cancellation: () -> Void

    /// Runs `cancel` when cancelled.
    public init(_ cancel: @escaping () -> Void) { cancellation = cancel }

    /// Cancels.
    public func cancel() { cancellation() }
}

/// A publisher that sends the values it is given to its subscribers.
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private var receivers: [(Output) -> Void] = []

    /// Creates one.
    public init() {}

    /// Sends a value.
    public func send(_ value: Output) {
        for receiver in receivers { receiver(value) }
    }

    fileprivate func add(_ receiver: @escaping (Output) -> Void) { receivers.append(receiver) }
}

/// What a publisher that finishes ends with.
public enum Subscribers {
    /// Finished or failed.
    public enum Completion<Failure: Error> {
        /// Finished.
        case finished
        /// Failed.
        case failure(Failure)
    }
}

extension Publisher {
    /// The same publisher (the stub delivers at once, on the sender's thread).
    public func receive<Scheduler>(on scheduler: Scheduler) -> Self { self }

    /// Calls `receiveValue` for each value (the stub's subjects only).
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        (self as? PassthroughSubject<Output, Failure>)?.add(receiveValue)
        return AnyCancellable {}
    }
}
