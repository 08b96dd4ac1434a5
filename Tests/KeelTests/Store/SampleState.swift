import Keel

/// The state the store tests run against.
struct SampleState: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var name: String
        var score: Int
        var tags: [String] = []
    }

    struct Settings: Equatable, Sendable {
        var showsRegion = true
        var language = "en"
    }

    var items: [Item] = (0..<5).map { Item(name: "item \($0)", score: $0) }
    var title = "Countries"
    var settings = Settings()
    var scores: [String: Int] = ["KOR": 1, "FRA": 2]
    var nonEquatable = NonEquatable(flag: false)

    /// A writable computed property over the first item.
    var firstItem: Item {
        get { items[0] }
        set { items[0] = newValue }
    }

    /// A stored property with an observer, which writes another property.
    var mirrored = 0 {
        didSet { title = "mirrored \(mirrored)" }
    }

    static func == (lhs: SampleState, rhs: SampleState) -> Bool {
        lhs.items == rhs.items && lhs.title == rhs.title && lhs.settings == rhs.settings
            && lhs.scores == rhs.scores && lhs.nonEquatable.flag == rhs.nonEquatable.flag
            && lhs.mirrored == rhs.mirrored
    }
}

/// A value without Equatable conformance, to exercise slices that cannot be compared.
struct NonEquatable: Sendable {
    var flag: Bool
}
