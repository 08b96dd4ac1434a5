import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import KeelTesting
import Testing

@MainActor
@Suite("Account list", .timeLimit(.minutes(5)))
struct AccountListViewModelTests {
    static let rfcSecret = Secret(bytes: Array("12345678901234567890".utf8))
    static let github = Account(issuer: "GitHub", name: "ada@example.com", secret: rfcSecret, groups: ["work"])
    static let bank = Account(issuer: "Zürich Bank", name: "émile", secret: Secret(bytes: Array("bank secret 123456".utf8)), groups: ["money"])
    static var minute: Account {
        get throws {
            Account(issuer: "Slow", name: "minute", secret: Secret(bytes: Array("slow secret 1234".utf8)), parameters: try OTPParameters(period: 60))
        }
    }
    static var counter: Account {
        get throws {
            Account(issuer: "Counter", name: "c", secret: rfcSecret, parameters: try OTPParameters(kind: .hotp, counter: 0))
        }
    }

    static func list(_ accounts: [Account], at seconds: TimeInterval = 59) async throws -> (Vessel, AccountListViewModel, ManualClock) {
        let clock = ManualClock(Date(timeIntervalSince1970: seconds))
        let raft = try await Vessel.raft(accounts: accounts, clock: clock)
        return (raft, AccountListViewModel(raft, scene: "main"), clock)
    }

    @Test("Each row has its code, grouped, and the seconds left in its period")
    func rows() async throws {
        let (_, list, _) = try await Self.list([Self.github, try Self.minute, try Self.counter])
        let rows = list.rows
        #expect(rows.map(\.title) == ["GitHub", "Slow", "Counter"])
        #expect(rows[0].code == "287 082")
        #expect(rows[0].subtitle == "ada@example.com")
        #expect(list.secondsLeft(for: rows[0]) == 1)
        #expect(list.secondsLeft(for: rows[1]) == 1)
        #expect(rows[2].code == nil, "a counter-based code shows only when generated")
        #expect(rows[2].counter == 0)
        #expect(list.secondsLeft(for: rows[2]) == nil)
        #expect(rows[0].nextCode == nil)
    }

    @Test("A tick inside a period makes no code and leaves the rows equal; a boundary remakes only that period's codes")
    func ticks() async throws {
        let (_, list, _) = try await Self.list([Self.github, try Self.minute], at: 61)
        let first = list.rows
        let made = list.codesMade
        #expect(made == 2)
        list.send(.tick(Date(timeIntervalSince1970: 62)))
        #expect(list.rows == first)
        #expect(list.codesMade == made)
        #expect(list.secondsLeft(for: first[0]) == 28)
        list.send(.tick(Date(timeIntervalSince1970: 90)))
        let second = list.rows
        #expect(list.codesMade == made + 1, "the 30-second account only")
        #expect(second[0] != first[0])
        #expect(second[1] == first[1])
        list.send(.tick(Date(timeIntervalSince1970: 120)))
        _ = list.rows
        #expect(list.codesMade == made + 3, "both periods ended")
    }

    @Test("Lists sharing a builder make each code once; one ticked later gets the newer codes, never older")
    func sharedBuilder() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 61))
        let raft = try await Vessel.raft(accounts: [Self.github, try Self.minute], clock: clock)
        let builder = AccountRowBuilder(makeCode: raft.makeCodeAction)
        let stale = AccountListViewModel(raft, scene: "a", rows: builder)
        let first = stale.rows
        let made = stale.codesMade
        let fresh = AccountListViewModel(raft, scene: "b", rows: builder)
        #expect(fresh.rows == first)
        #expect(fresh.codesMade == made, "the second list made no code")

        // A boundary seen by one list only: the other, asked again (its search
        // changed), shows the new code too, and no code is made for the old period.
        fresh.send(.tick(Date(timeIntervalSince1970: 90)))
        let newer = fresh.rows
        #expect(newer[0].code != first[0].code)
        #expect(fresh.codesMade == made + 1)
        stale.send(.search("G"))
        #expect(stale.rows == [newer[0]])
        stale.send(.search(""))
        #expect(stale.rows == newer)
        #expect(stale.codesMade == made + 1)
    }

    @Test("With the setting on, rows show the next code, which becomes the code at the boundary")
    func nextCode() async throws {
        let (raft, list, _) = try await Self.list([Self.github], at: 31)
        try await raft.applySettingsAction(VaultSettings(showsNextCode: true))
        let next = try #require(list.rows.first?.nextCode)
        list.send(.tick(Date(timeIntervalSince1970: 60)))
        #expect(list.rows.first?.code == next)
    }

    @Test("Search ignores accents and case and looks in tags; filters show favourites or a tag")
    func searchAndFilter() async throws {
        let (raft, list, _) = try await Self.list([Self.github, Self.bank])
        list.searchText = "ZURICH"
        #expect(list.rows.map(\.issuer) == ["Zürich Bank"])
        list.send(.search("work"))
        #expect(list.rows.map(\.issuer) == ["GitHub"])
        list.send(.search("nothing like it"))
        #expect(list.rows.isEmpty)
        #expect(list.emptyMessage?.description == "No account matches “nothing like it”.")
        list.send(.search(""))
        #expect(list.tags == ["money", "work"])
        list.send(.filter(.tag("money")))
        #expect(list.rows.map(\.issuer) == ["Zürich Bank"])
        #expect(!list.canReorder)
        list.send(.filter(.favourites))
        #expect(list.emptyMessage == "No favourites yet.")
        let bank = try #require(raft.appState.read { $0.accounts }.value?.last?.id)
        await settle { list.send(.favourite(bank, true)) }
        #expect(list.rows.map(\.issuer) == ["Zürich Bank"])
        #expect(list.rows.first?.isFavourite == true)
        list.send(.filter(.tag("none")))
        #expect(list.emptyMessage?.description == "No account is tagged “none”.")
    }

    @Test("Sorting follows the settings")
    func sorting() async throws {
        let (raft, list, _) = try await Self.list([Self.bank, Self.github])
        #expect(list.rows.map(\.issuer) == ["Zürich Bank", "GitHub"])
        #expect(list.canReorder)
        try await raft.applySettingsAction(VaultSettings(sortOrder: .issuer))
        #expect(list.rows.map(\.issuer) == ["GitHub", "Zürich Bank"])
        #expect(!list.canReorder)
    }

    @Test("Copying hands the code to the host; a counter-based code is revealed and its counter moves")
    func copy() async throws {
        let (raft, list, _) = try await Self.list([Self.github, try Self.counter])
        let ids = list.rows.map(\.id)
        await settle { list.send(.copy(ids[0])) }
        #expect(list.copied?.text == "287082")
        #expect(list.copied?.serial == 1)
        await settle { list.send(.copy(ids[1])) }
        #expect(list.copied?.text == "755224")
        #expect(list.rows[1].code == "755 224")
        #expect(list.rows[1].counter == 1)
        #expect(list.message == "Copied the code.")
        list.send(.dismissMessage)
        #expect(list.message == nil)
        await raft.lockVaultAction()
        await settle { list.send(.copy(ids[0])) }
        #expect(list.message == VaultFizzle.locked.message)
    }

    @Test("Deleting offers undo, which brings the account back")
    func deleteUndo() async throws {
        let (_, list, _) = try await Self.list([Self.github, Self.bank])
        let github = try #require(list.rows.first?.id)
        await settle { list.send(.delete(github)) }
        #expect(list.rows.map(\.issuer) == ["Zürich Bank"])
        #expect(list.canUndo)
        #expect(list.message?.description == "Deleted GitHub (ada@example.com).")
        await settle { list.send(.undoDelete) }
        #expect(list.rows.map(\.issuer) == ["GitHub", "Zürich Bank"])
        #expect(!list.canUndo)
        await settle { list.send(.undoDelete) }
        #expect(list.message == VaultFizzle.nothingToUndo.message)
    }

    @Test("Reordering, sheets and locking go through the usecases")
    func reorderSheetsLock() async throws {
        let (raft, list, _) = try await Self.list([Self.github, Self.bank])
        let ids = list.rows.map(\.id)
        await settle { list.send(.reorder([ids[1]])) }
        #expect(list.rows.map(\.issuer) == ["Zürich Bank", "GitHub"])
        list.send(.present(.addAccount))
        #expect(list.sheet == .addAccount)
        list.send(.present(nil))
        #expect(list.sheet == nil)
        list.send(.lock)
        for await lock in raft.appState.values({ $0.lock }) where lock == .locked { break }
        #expect(list.rows.isEmpty)
        #expect(list.emptyMessage == "No accounts yet. Add one from the code a service shows, or import them.")
    }
}
