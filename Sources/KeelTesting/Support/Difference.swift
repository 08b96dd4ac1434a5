/// A readable difference between an expected and an actual value, for test failures.
///
/// Both values are dumped one property per line (with `Swift.dump`), and the
/// lines are compared; the result shows the lines only in the expected value
/// with `−` and those only in the actual value with `+`, with a little context.
enum Difference {
    /// The difference between `expected` and `actual`, or `nil` when their dumps are identical.
    static func describe(expected: Any, actual: Any, contextLines: Int = 2) -> String? {
        let expectedLines = lines(of: expected)
        let actualLines = lines(of: actual)
        guard expectedLines != actualLines else { return nil }
        let edits = diff(expectedLines, actualLines)
        return render(edits, contextLines: contextLines)
    }

    /// The dump of `value`, one line per property.
    static func lines(of value: Any) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// A shortest edit script between two line lists (longest common subsequence).
    static func diff(_ old: [String], _ new: [String]) -> [Edit] {
        let rows = old.count + 1
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: rows * columns)
        for row in stride(from: old.count - 1, through: 0, by: -1) {
            for column in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[row * columns + column] = old[row] == new[column]
                    ? lengths[(row + 1) * columns + column + 1] + 1
                    : max(lengths[(row + 1) * columns + column], lengths[row * columns + column + 1])
            }
        }
        var edits: [Edit] = []
        var row = 0
        var column = 0
        while row < old.count || column < new.count {
            if row < old.count, column < new.count, old[row] == new[column] {
                edits.append(.same(old[row]))
                row += 1
                column += 1
            } else if column < new.count,
                      row == old.count || lengths[row * columns + column + 1] >= lengths[(row + 1) * columns + column] {
                edits.append(.added(new[column]))
                column += 1
            } else {
                edits.append(.removed(old[row]))
                row += 1
            }
        }
        return edits
    }

    private static func render(_ edits: [Edit], contextLines: Int) -> String {
        let changed = edits.indices.filter { edits[$0] != .same(edits[$0].text) }
        var shown = Set<Int>()
        for index in changed {
            for near in max(0, index - contextLines)...min(edits.count - 1, index + contextLines) {
                shown.insert(near)
            }
        }
        var output: [String] = []
        var previous: Int?
        for index in shown.sorted() {
            if let previous, index > previous + 1 { output.append("  …") }
            switch edits[index] {
            case .same(let line): output.append("  \(line)")
            case .removed(let line): output.append("− \(line)")
            case .added(let line): output.append("+ \(line)")
            }
            previous = index
        }
        return "(− expected, + actual)\n" + output.joined(separator: "\n")
    }
}

extension Difference.Edit {
    var text: String {
        switch self {
        case .same(let text), .removed(let text), .added(let text): text
        }
    }
}
