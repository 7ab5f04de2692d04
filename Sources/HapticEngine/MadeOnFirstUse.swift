import Synchronization

/// An object made by its first use, from any thread, for state that many instances carry and few use: a render
/// progress's or a silence watch's waiter lists, which an engine start would otherwise allocate for nobody (a
/// feedback tap starts an engine and never waits).
///
/// The object is published through an atomic: exactly one is kept (a thread that loses the race to make it drops its
/// own) and every later use is one atomic load.
///
/// - Thread safety: any thread. Real-time safety: ``ifMade`` only loads; ``get(orMake:)`` may allocate.
struct MadeOnFirstUse<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    private let stored = Atomic<Unmanaged<Object>?>(nil)

    /// Nothing is made yet.
    init() {}

    deinit { stored.load(ordering: .acquiring)?.release() }

    /// The object, if a use has made it.
    var ifMade: Object? { stored.load(ordering: .acquiring)?.takeUnretainedValue() }

    /// The object, made by `make` if this is the first use.
    func get(orMake make: () -> Object) -> Object {
        if let object = stored.load(ordering: .acquiring) { return object.takeUnretainedValue() }
        let made = Unmanaged.passRetained(make())
        let (exchanged, original) = stored.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return made.takeUnretainedValue() }
        made.release()
        return original.takeUnretainedValue()
    }
}
