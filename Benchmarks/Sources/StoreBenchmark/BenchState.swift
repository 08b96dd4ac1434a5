/// The state every design holds: an array of items plus a few scalar fields.
struct BenchState: Equatable, Sendable {
    /// One row of the list.
    struct Item: Equatable, Sendable {
        var name: String
        var score: Int
    }

    var items: [Item]
    var fields: Fields

    /// Scalar fields; S2 changes the first ten in one update.
    struct Fields: Equatable, Sendable {
        var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
        var f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0

        static let count = 20
    }

    init(itemCount: Int) {
        items = (0..<itemCount).map { Item(name: "Item \($0)", score: $0) }
        fields = Fields()
    }
}

extension BenchState.Fields {
    /// The writable key path of field number `index`.
    static func keyPath(_ index: Int) -> WritableKeyPath<Self, Int> & Sendable {
        switch index {
        case 0: \.f0
        case 1: \.f1
        case 2: \.f2
        case 3: \.f3
        case 4: \.f4
        case 5: \.f5
        case 6: \.f6
        case 7: \.f7
        case 8: \.f8
        case 9: \.f9
        case 10: \.f10
        case 11: \.f11
        case 12: \.f12
        case 13: \.f13
        case 14: \.f14
        case 15: \.f15
        case 16: \.f16
        case 17: \.f17
        case 18: \.f18
        default: \.f19
        }
    }
}
