import HapticPattern
import Testing

/// How every command says how long something lasts.
@Suite struct DurationTextTests {
    @Test func millisecondsUnderASecondThenThreeSignificantDigits() {
        #expect(durationText(0) == "0 ms")
        #expect(durationText(0.18) == "180 ms")
        #expect(durationText(0.9996) == "1000 ms")
        #expect(durationText(1) == "1 s")
        #expect(durationText(1.25) == "1.25 s")
        #expect(durationText(2.0) == "2 s")
        #expect(durationText(29.06) == "29.1 s")
        #expect(durationText(30) == "30 s")
        #expect(durationText(123.4) == "123 s")
        #expect(durationText(.infinity) == "inf s")
    }
}
