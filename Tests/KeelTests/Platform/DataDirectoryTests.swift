import Foundation
import Keel
import Testing

@Suite("DataDirectory: where an app keeps its files", .timeLimit(.minutes(1)))
struct DataDirectoryTests {
    #if !canImport(Darwin)
    @Test("XDG_DATA_HOME when it is absolute, else ~/.local/share; a relative one is ignored, as the XDG specification says")
    func xdg() {
        #expect(DataDirectory.standard(for: "app", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"]).path == "/data/app")
        #expect(DataDirectory.standard(for: "app", environment: ["HOME": "/home/me"]).path == "/home/me/.local/share/app")
        #expect(DataDirectory.standard(for: "app", environment: ["XDG_DATA_HOME": "data", "HOME": "/home/me"]).path
            == "/home/me/.local/share/app")
        #expect(DataDirectory.standard(for: "app", environment: ["XDG_DATA_HOME": "", "HOME": "/home/me"]).path
            == "/home/me/.local/share/app")
    }
    #endif

    @Test("the app's own folder, named as asked")
    func named() {
        #expect(DataDirectory.standard(for: "keel-countries").lastPathComponent == "keel-countries")
    }
}
