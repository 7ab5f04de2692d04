import Testing

@testable import CoreHapticsWrapper

/// The handle table behind the C ABI: handles are not addresses, and a destroyed or foreign handle finds nothing.
@Suite struct HandleTableTests {
    final class Thing {}

    @Test func aDestroyedHandleFindsNothingEvenWhenItsSlotIsReused() throws {
        let table = HandleTable()
        let first = try #require(table.insert(Thing(), kind: .player))
        #expect(table.object(first, kind: .player) != nil)
        #expect(table.remove(first, kind: .player) != nil)
        #expect(table.object(first, kind: .player) == nil, "a freed handle is not followed")
        #expect(table.remove(first, kind: .player) == nil, "a second destroy finds nothing")
        let second = try #require(table.insert(Thing(), kind: .player))
        #expect(second != first, "the reused slot has a new generation")
        #expect(table.object(first, kind: .player) == nil)
        #expect(table.object(second, kind: .player) != nil)
        #expect(table.liveCount == 1)
    }

    @Test func aHandleOfAnotherKindOrANumberThatWasNeverAHandleFindsNothing() throws {
        let table = HandleTable()
        let engine = try #require(table.insert(Thing(), kind: .engine))
        #expect(table.object(engine, kind: .player) == nil)
        #expect(table.object(nil, kind: .engine) == nil)
        for bits: UInt in [1, 0xDEAD_BEEF, UInt.max, 0x1_0100_0001, UInt(bitPattern: engine) &+ 1] {
            #expect(table.object(UnsafeRawPointer(bitPattern: bits), kind: .engine) == nil, "\(bits)")
        }
        #expect(table.object(engine, kind: .engine) != nil)
    }
}
