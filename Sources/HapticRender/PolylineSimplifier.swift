/// Reduces a sampled curve to the fewest breakpoints whose linear interpolation stays within a tolerance of every
/// sample (Ramer–Douglas–Peucker with the vertical distance, iterative).
///
///     let kept = PolylineSimplifier.simplify(times: t, values: v, tolerance: 0.005)
package enum PolylineSimplifier {
    /// The indices to keep, ascending; always the first and last, plus every index in `forced`.
    package static func simplify(times: [Double], values: [Float], tolerance: Float, forced: Set<Int> = []) -> [Int] {
        let n = times.count
        guard n > 2 else { return Array(0..<n) }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        for i in forced where i >= 0 && i < n { keep[i] = true }
        // Simplify between consecutive kept anchors.
        var anchors: [Int] = []
        for i in 0..<n where keep[i] { anchors.append(i) }
        var stack: [(Int, Int)] = []
        for k in 1..<anchors.count { stack.append((anchors[k - 1], anchors[k])) }
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let ta = times[a]
            let tb = times[b]
            let va = values[a]
            let vb = values[b]
            var worst = -1
            var worstError: Float = tolerance
            for i in (a + 1)..<b {
                let span = tb - ta
                let line: Float = span > 0 ? va + (vb - va) * Float((times[i] - ta) / span) : vb
                let error = abs(values[i] - line)
                if error > worstError {
                    worstError = error
                    worst = i
                }
            }
            if worst >= 0 {
                keep[worst] = true
                stack.append((a, worst))
                stack.append((worst, b))
            }
        }
        return (0..<n).filter { keep[$0] }
    }

    /// The largest vertical distance between the samples and the polyline through `kept`.
    package static func maxError(times: [Double], values: [Float], kept: [Int]) -> Float {
        var worst: Float = 0
        for k in 1..<Swift.max(kept.count, 1) {
            let a = kept[k - 1]
            let b = kept[k]
            let span = times[b] - times[a]
            for i in a...b {
                let line: Float = span > 0 ? values[a] + (values[b] - values[a]) * Float((times[i] - times[a]) / span) : values[b]
                worst = Swift.max(worst, abs(values[i] - line))
            }
        }
        return worst
    }
}
