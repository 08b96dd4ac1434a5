import SwiftUI

/// The seconds left in a code's period, drawn as a ring that empties (a
/// show: two numbers in, nothing out). VoiceOver reads "12 seconds left".
struct CountdownRing: View {
    /// The whole seconds left (1 … period).
    let secondsLeft: Int
    /// What is left of the period, from 1 (just started) to 0 (ending).
    let fractionLeft: Double

    var body: some View {
        ZStack {
            Circle()
                .stroke(.tertiary, lineWidth: 3)
                .accessibilityHidden(true)
            Circle()
                .trim(from: 0, to: fractionLeft)
                .stroke(.tint, lineWidth: 3)
                .rotationEffect(.degrees(-90))
                .accessibilityHidden(true)
            Text("\(secondsLeft)")
                .font(.caption)
                .monospacedDigit()
                .accessibilityLabel("\(secondsLeft) seconds left")
        }
        .frame(width: 34, height: 34)
    }
}

#Preview("Countdown ring") {
    HStack {
        CountdownRing(secondsLeft: 30, fractionLeft: 1)
        CountdownRing(secondsLeft: 12, fractionLeft: 0.4)
        CountdownRing(secondsLeft: 1, fractionLeft: 0.02)
    }
    .padding()
}
