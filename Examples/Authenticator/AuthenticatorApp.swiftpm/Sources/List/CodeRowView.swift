import AuthenticatorDomain
import AuthenticatorPresentation
import SwiftUI

/// One account in the list: its names, its code (read out digit by digit),
/// the next code when the settings ask for it, and its countdown; a
/// counter-based account shows a button that makes its next code. A show:
/// values and closures in, no state. Text styles follow Dynamic Type.
struct CodeRowView: View {
    let row: AccountRow
    /// The seconds left in the period, `nil` for a counter-based code.
    let secondsLeft: Int?
    /// What is left of the period (1 … 0), `nil` for a counter-based code.
    let fractionLeft: Double?
    /// Copies the code (for a counter-based account, makes the next one first).
    let copy: () -> Void

    var body: some View {
        HStack(alignment: .center) {
            VStack(alignment: .leading) {
                HStack(alignment: .firstTextBaseline) {
                    Text(row.title)
                        .font(.headline)
                    if row.isFavourite {
                        Image(systemName: "star.fill")
                            .font(.caption)
                            .accessibilityLabel("Favourite")
                    }
                }
                if !row.subtitle.isEmpty {
                    Text(row.subtitle)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                if let code = row.code {
                    Text(code)
                        .font(.title)
                        .monospacedDigit()
                        .accessibilityLabel(Text(Self.spoken(code)).speechSpellsOutCharacters())
                } else {
                    Button("Show the next code", action: copy)
                        .font(.callout)
                }
                if let next = row.nextCode {
                    Text("Next: \(next)")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                        .accessibilityLabel(Text("Next code \(Self.spoken(next))").speechSpellsOutCharacters())
                }
            }
            Spacer()
            if let secondsLeft, let fractionLeft {
                CountdownRing(secondsLeft: secondsLeft, fractionLeft: fractionLeft)
            }
            if row.code != nil {
                Button(action: copy) {
                    Image(systemName: "doc.on.doc")
                }
                .accessibilityLabel("Copy the code of \(row.title)")
            }
        }
    }

    /// The code without its grouping space, so that it is spelt as one
    /// run of digits ("287082", read "2 8 7 0 8 2").
    static func spoken(_ code: String) -> String {
        code.filter { !$0.isWhitespace }
    }
}

#if DEBUG
#Preview("Code rows") {
    RaftPreview { scene in
        let model = scene.list()
        List {
            ForEach(model.rows) { row in
                CodeRowView(
                    row: row, secondsLeft: model.secondsLeft(for: row),
                    fractionLeft: row.period.map { model.clock.fractionLeft(in: $0) }, copy: {})
            }
        }
    }
}
#endif
