/// What one browser tab of an app holds: its screens' view models.
///
/// A ``TabSession`` owns one; the app decides what is in it.
@MainActor
public protocol TabScreens: AnyObject {
    /// Lets go of what the tab holds in shared state, when the tab is closed.
    func close()
}
