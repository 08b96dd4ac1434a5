// The libFuzzer entry point of the readers. Fuzz/fuzz.sh builds it with
// `-sanitize=fuzzer,address -D FUZZING` and runs one reader at a time, chosen
// by AUTHENTICATOR_FUZZ_TARGET; built normally, it is a replayer that runs
// the files named on its command line through the same reader, so that a
// corpus or a crash is checked without the fuzzer.
import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel

/// The readers that can be fuzzed, by the name AUTHENTICATOR_FUZZ_TARGET gives.
enum FuzzTarget: String, CaseIterable {
    case uri, base32, migration, aegis, twofas, text, detect

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["AUTHENTICATOR_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data(
                "set AUTHENTICATOR_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()

    static let worker = FormatWorker(logbook: SilentLogbook())

    /// Runs one input through the reader, and checks what must hold of any
    /// input: no crash, and what reads successfully writes and reads back the same.
    func run(_ data: Data) {
        switch self {
        case .uri:
            let text = String(decoding: data, as: UTF8.self)
            guard let account = try? OTPAuthURI.read(text) else { return }
            let again = try? OTPAuthURI.read(OTPAuthURI.write(account))
            precondition(again == account, "an otpauth URI did not round-trip")
        case .base32:
            let text = String(decoding: data, as: UTF8.self)
            guard let bytes = try? Base32.decode(text) else { return }
            precondition((try? Base32.decode(Base32.encode(bytes))) == bytes, "Base32 did not round-trip")
        case .migration:
            let uri = "otpauth-migration://offline?data=" + data.base64EncodedString()
            guard let report = try? GoogleMigration.read([uri], existing: []) else { return }
            let export = GoogleMigration.write(report.newAccounts, batchID: 1)
            let uris = export.pages.map { String(decoding: $0, as: UTF8.self) }
            let again = uris.isEmpty ? [] : (try? GoogleMigration.read(uris, existing: []))?.newAccounts
            precondition(again == report.newAccounts.filter { GoogleMigration.omissionReason($0) == nil },
                         "a migration payload did not round-trip")
        case .aegis:
            _ = try? AegisVault.read(data, password: nil, existing: [])
        case .twofas:
            _ = try? TwoFASBackup.read(data, password: nil, existing: [])
        case .text:
            _ = try? Self.worker.read(data, as: .otpauthText, password: nil, existing: [])
        case .detect:
            // A file chosen without a format, as the command line imports it:
            // recognised from its structure, then read by that format's reader
            // (Proton Authenticator and FreeOTP+ among them).
            guard let format = ImportFormat.detect(data) else { return }
            _ = try? Self.worker.read(data, as: format, password: nil, existing: [])
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.current.run(Data(bytes: start, count: count))
    return 0
}

#if FUZZING
// SwiftPM links an executable with its `main` renamed to `authenticator_fuzz_main`,
// so libFuzzer's own `main` is never used: this one hands over to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

@_cdecl("authenticator_fuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { start, count in fuzz(start, count) }
}
#else
@main
enum Replay {
    static func main() throws {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile)
            }
            let files = isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                FuzzTarget.current.run(try Data(contentsOf: URL(fileURLWithPath: file)))
                count += 1
            }
        }
        print("replayed \(count) inputs through the \(FuzzTarget.current.rawValue) reader")
    }
}
#endif
