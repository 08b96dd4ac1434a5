import Keel
import KeelTimeline
import Testing

@Suite("StateDiff: the changes between two values, part by part", .timeLimit(.minutes(1)))
struct StateDiffTests {
    struct Book: Equatable {
        var title: String
        var isRead = false
    }

    enum Route: Equatable {
        case list
        case details(code: String, tab: Int)
    }

    struct Shelf: Equatable {
        var books: [Book] = [Book(title: "Dune"), Book(title: "Emma"), Book(title: "Ulysses")]
        var loaded: Loadable<[Book]> = .loaded([Book(title: "Dune")])
        var tags: [String: Int] = ["sf": 1, "classic": 2]
        var genres: Set<String> = ["sf"]
        var selected: String?
        var route = Route.list
    }

    /// A value that redacts itself, as the Authenticator's secrets do.
    struct Token: Equatable, CustomStringConvertible, CustomReflectable {
        var value: String
        var description: String { "Token(redacted)" }
        var customMirror: Mirror { Mirror(self, children: [(label: String?, value: Any)]()) }
    }

    @Test("a property deep inside an array element reads as its path, the old and the new value")
    func nestedProperty() {
        var new = Shelf()
        new.books[1].isRead = true
        #expect(StateDiff.changes(from: Shelf(), to: new) == [StateChange(path: "books[1].isRead", old: "false", new: "true")])
        #expect(StateDiff.changes(from: Shelf(), to: new).map(\.description) == ["books[1].isRead: false → true"])
    }

    @Test("a whole value reads the same in every process: its dictionaries' entries and its sets' members sorted, not in hash order")
    func stableRendering() {
        var tags: [String: Int] = [:]
        var genres: Set<String> = []
        for (index, tag) in ["sf", "classic", "poetry", "drama", "essay", "crime", "memoir", "satire", "myth", "saga"].enumerated() {
            tags[tag] = index
            genres.insert(tag)
        }
        let shelf = Shelf(books: [], loaded: .loading(last: nil), tags: tags, genres: genres, selected: "Dune", route: .details(code: "KOR", tab: 2))
        #expect(StateDiff.render(shelf) == #"Shelf(books: [], loaded: loading(last: nil), "#
            + #"tags: ["classic": 1, "crime": 5, "drama": 3, "essay": 4, "memoir": 6, "myth": 8, "poetry": 2, "saga": 9, "satire": 7, "sf": 0], "#
            + #"genres: Set(["classic", "crime", "drama", "essay", "memoir", "myth", "poetry", "saga", "satire", "sf"]), "#
            + #"selected: "Dune", route: details(code: "KOR", tab: 2))"#)
        #expect(StateDiff.render([String: Int]()) == "[:]")
        #expect(StateDiff.render(Token(value: "secret")) == "Token(redacted)")
    }

    @Test("a long value is cut in a change, with its length and a digest of the whole: values that differ at their end still differ")
    func longValues() throws {
        let many = (0..<300).map { Book(title: "Book \($0)") }
        var other = many
        other[299].isRead = true
        let one = try #require(StateDiff.changes(from: Loadable<[Book]>.notRequested, to: .loaded(many), root: "books").first?.new)
        let two = try #require(StateDiff.changes(from: Loadable<[Book]>.notRequested, to: .loaded(other), root: "books").first?.new)
        #expect(one.hasPrefix(#"loaded([Book(title: "Book 0", isRead: false), "#))
        #expect(one.count < 2_100)
        #expect(one.contains(" characters, digest "))
        #expect(one.prefix(2_000) == two.prefix(2_000))
        #expect(one != two)
    }

    @Test("equal values have no changes")
    func equal() {
        #expect(StateDiff.changes(from: Shelf(), to: Shelf()).isEmpty)
    }

    @Test("elements inserted and removed are named as such, not as every later element changed")
    func insertedAndRemoved() {
        var new = Shelf()
        new.books.remove(at: 0)
        new.books.append(Book(title: "Middlemarch"))
        let changes = StateDiff.changes(from: Shelf(), to: new)
        #expect(changes == [
            StateChange(path: "books[0]", old: #"Book(title: "Dune", isRead: false)"#, new: nil),
            StateChange(path: "books[2]", old: nil, new: #"Book(title: "Middlemarch", isRead: false)"#),
        ])
    }

    @Test("dictionary values by key, set members, optionals and strings quoted")
    func containers() {
        var new = Shelf()
        new.tags["sf"] = 3
        new.tags["classic"] = nil
        new.tags["poetry"] = 1
        new.genres.insert("poetry")
        new.selected = "Dune"
        let changes = StateDiff.changes(from: Shelf(), to: new).map(\.description)
        #expect(changes == [
            #"tags["classic"]: removed 2"#,
            #"tags["poetry"]: inserted 1"#,
            #"tags["sf"]: 1 → 3"#,
            #"genres: inserted "poetry""#,
            #"selected: nil → "Dune""#,
        ])
    }

    @Test("an enum's payload is compared when the case is the same; another case shows both values")
    func enums() {
        var details = Shelf()
        details.route = .details(code: "KOR", tab: 0)
        #expect(StateDiff.changes(from: Shelf(), to: details).map(\.description) == [#"route: list → details(code: "KOR", tab: 0)"#])
        var otherTab = details
        otherTab.route = .details(code: "KOR", tab: 2)
        #expect(StateDiff.changes(from: details, to: otherTab).map(\.description) == ["route.details.tab: 0 → 2"])
    }

    @Test("a Loadable is looked into although it describes itself")
    func loadable() {
        var new = Shelf()
        new.loaded = .loaded([Book(title: "Dune", isRead: true)])
        #expect(StateDiff.changes(from: Shelf(), to: new).map(\.description) == ["loaded.loaded[0].isRead: false → true"])
    }

    @Test("a value that describes itself is shown by its description, never looked into")
    func redacted() {
        let changes = StateDiff.changes(from: Token(value: "first-secret"), to: Token(value: "second-secret"), root: "token")
        #expect(changes.map(\.description) == ["token: Token(redacted) → Token(redacted) (changed where its description does not show)"])
        #expect(!changes.description.contains("secret"))
    }
}
