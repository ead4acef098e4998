import BrowserCore
import FeedKit
import FeedModel
import PictureKit

/// Runs the effects the state returns: loads, pictures, copies, openers, timers. What they
/// bring back comes in through the mailbox, as events, with a wake byte for the loop.
struct EffectRunner {
  let feed: any FeedPaging
  let options: BrowserOptions
  let pictureSettings: PictureSettings?
  let terminal: Terminal
  let mailbox: Mailbox
  let wake: WakePipe
  /// Fetches and decodes pictures; nil when none are drawn.
  let loader: PictureLoader?
  let pictures: TerminalPictures
  /// The message expiry and the alarms the effects set.
  var timers = Timers()
  /// Where `v` copies pictures for the viewer; removed when the browser ends.
  let viewerFolder = ViewerFolder()

  /// Runs `effects` in order; false when one of them ends the browser (`quit`).
  mutating func perform(_ effects: [Effect]) -> Bool {
    var wanted: [PictureKey] = []
    var unwanted: [PictureKey] = []
    var ranking: PictureRanking?
    defer {
      // As one change: a picture wanted at a new size keeps the transfer of its old one, and
      // starts where the ranking that names it puts it.
      loader?.update(load: wanted, cancel: unwanted, rank: ranking)
    }
    let mailbox = mailbox
    let wake = wake
    // An effect's answer made here goes to the mailbox like any other, with a wake byte:
    // without one it waited for the next key (`y` wrote its copy and said nothing until then).
    func answer(_ event: Event) {
      mailbox.post(event)
      wake.wake()
    }
    for effect in effects {
      switch effect {
      case .quit: return false
      case .repaint: pictures.repaint(terminal)
      case .expireMessage(let serial, let seconds):
        timers.expireMessage(serial, after: seconds)
      case .alarm(let alarm, let seconds):
        timers.set(alarm, after: seconds)
      case .keepPicture(let request):
        let keeper = PictureKeeper(
          settings: pictureSettings, folder: options.saveFolder, viewerFolder: viewerFolder)
        Task.detached { answer(await keeper.run(request)) }
      case .copy(let text, let request):
        answer(.copied(text, request, terminal.copy(text)))
      case .loadPicture(let key):
        if loader == nil {
          answer(.pictureLoaded(key, failure: "pictures are off"))
        } else {
          wanted.append(key)
        }
      case .cancelPicture(let key): unwanted.append(key)
      case .rankPictures(let order): ranking = order
      case .dropPicture(let key):
        // Only a picture the terminal holds costs anything kept: symbols and overlays stay
        // cached, ready for scrolling back.
        if pictures.uploads != nil { pictures.cache.remove(key) }
      case .revalidatePictures:
        pictures.cache.removeAll()
        loader?.revalidate()
      case .probeSizes(let requests):
        SizeProber.run(
          requests, source: pictureSettings?.source,
          options: pictureSettings?.load ?? LoadOptions(), cache: pictureSettings?.diskCache,
          loader: loader
        ) { event in
          mailbox.post(event)
          wake.wake()
        }
      case .open(let url):
        open(url, answer: answer)
      case .readPost(let key, let base):
        // Read off the loop's thread: a post may be a megabyte of HTML.
        Task.detached {
          let text = PostSpool.installed?.html(for: key).map {
            PostMarkup.post(html: $0, base: base)
          }
          mailbox.post(.postRead(key: key, text))
          wake.wake()
        }
      case .load(let request):
        let feed = self.feed
        Task.detached {
          let result: FeedUpdate
          switch (request.kind, request.feed) {
          case (.refresh, _) where request.late: result = await feed.readLate()
          case (.refresh, let name?): result = await feed.refresh(feed: name)
          case (.refresh, nil): result = await feed.refresh()
          case (.more, _): result = await feed.loadMore()
          }
          mailbox.post(.loaded(result, request, title: await feed.title))
          wake.wake()
        }
      }
    }
    return true
  }

  /// Opens `url`: a program that needs the terminal runs on it in the foreground, anything
  /// else is started and left to run.
  private func open(_ url: String, answer: (Event) -> Void) {
    if let command = Opener.foregroundCommand(for: url, localTo: pictureSettings?.source) {
      // A terminal that leaves the alternate screen keeps no kitty picture (as on Ctrl-Z).
      for event in pictures.dropUploads(terminal) { answer(event) }
      let failure = terminal.lend {
        ForegroundRun.run(command, input: terminal.inputDescriptor)
      }
      pictures.overlay?.forgetDrawn()
      answer(.opened(url, failure: failure))
      return
    }
    switch Opener.open(url, localTo: pictureSettings?.source) {
    case .success(let started):
      answer(.opened(url, failure: nil))
      // A program that ends badly (`BROWSER=false`, xdg-open with no browser set up)
      // is said to have failed, not left as opened; its thread also reaps it.
      let mailbox = mailbox
      let wake = wake
      started.whenEnded { failure in
        guard let failure else { return }
        mailbox.post(.opened(url, failure: failure))
        wake.wake()
      }
    case .failure(let refusal):
      answer(.opened(url, failure: refusal.failure))
    }
  }
}
