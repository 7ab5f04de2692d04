import Testing

@testable import HapticRender

/// The mixer visits only the slots in its ``SlotSet``: a slot missed here is a player that never plays or never ends.
@Suite struct SlotSetTests {
    private func members(_ set: SlotSet) -> [Int] {
        var out: [Int] = []
        var visit = set.makeIterator()
        while let index = visit.next() { out.append(index) }
        return out
    }

    @Test func visitsEveryMemberOnceInAscendingOrderAcrossWords() {
        let set = SlotSet(capacity: 512)
        defer { set.deallocate() }
        #expect(members(set).isEmpty)
        let indices = [511, 0, 64, 63, 1, 200, 128, 127]
        for index in indices { set.insert(index) }
        set.insert(64)  // twice: still once
        #expect(members(set) == indices.sorted())
        #expect(set.contains(127) && !set.contains(126))
    }

    @Test func aMemberRemovedDuringTheVisitIsGoneAfterIt() {
        let set = SlotSet(capacity: 130)
        defer { set.deallocate() }
        for index in 0..<130 { set.insert(index) }
        var seen: [Int] = []
        var visit = set.makeIterator()
        while let index = visit.next() {
            seen.append(index)
            if index % 2 == 1 { set.remove(index) }
        }
        #expect(seen == Array(0..<130))
        #expect(members(set) == Array(stride(from: 0, to: 130, by: 2)))
    }

    @Test func aCapacityBelowOneWordHoldsItsIndices() {
        let set = SlotSet(capacity: 3)
        defer { set.deallocate() }
        set.insert(2)
        set.insert(0)
        #expect(members(set) == [0, 2])
        set.remove(0)
        set.remove(2)
        #expect(members(set).isEmpty)
    }
}
