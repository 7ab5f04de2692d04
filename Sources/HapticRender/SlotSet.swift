/// A fixed set of player slot indices, one bit each, visited in ascending order: the slots the mixer must look at in
/// a block (a run plays, a command is due, a notification waits to be posted). A block then touches those slots
/// only, not every slot of the pool: after an idle pause the pool is cold in the cache, and reading all 512 slots of
/// an engine's pool cost the first block 4–13 µs of the 8–23 µs its slot pass took (issue 26's probes).
///
/// Real-time safety: no locks, no allocation after `init`. Thread safety: the render thread only.
struct SlotSet {
    private let words: UnsafeMutablePointer<UInt64>
    private let wordCount: Int

    /// A set that can hold indices `0..<capacity`, empty.
    init(capacity: Int) {
        wordCount = Swift.max(1, (capacity + 63) / 64)
        words = .allocate(capacity: wordCount)
        words.initialize(repeating: 0, count: wordCount)
    }

    /// Frees the storage (the mixer's `deinit`).
    func deallocate() { words.deallocate() }

    /// Adds `index` (in range; the caller checks).
    @_noLocks @_noAllocation
    @inline(__always)
    func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Removes `index`.
    @_noLocks @_noAllocation
    @inline(__always)
    func remove(_ index: Int) {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    /// Whether `index` is in the set.
    @_noLocks @_noAllocation
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// The indices in ascending order. The visit may remove the index it is at; a change to a later index in the same
    /// word of 64 is not seen (each word is read when the visit reaches it).
    @_noLocks @_noAllocation
    @inline(__always)
    func makeIterator() -> Iterator { Iterator(words: words, wordCount: wordCount) }

    /// A visit of a ``SlotSet`` (a loop over `next()`, not a `for` loop: nothing generic on the render thread).
    struct Iterator {
        let words: UnsafeMutablePointer<UInt64>
        let wordCount: Int
        var word = -1
        var bits: UInt64 = 0

        @_noLocks @_noAllocation
        @inline(__always)
        init(words: UnsafeMutablePointer<UInt64>, wordCount: Int) {
            self.words = words
            self.wordCount = wordCount
        }

        /// The next index, or `nil` at the end.
        @_noLocks @_noAllocation
        @inline(__always)
        mutating func next() -> Int? {
            while bits == 0 {
                word += 1
                if word >= wordCount { return nil }
                bits = words[word]
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits &- 1
            return word << 6 | bit
        }
    }
}
