import FeedKit
import FeedModel

/// Feed documents written for the tests in the shapes real services send, with the fields
/// Cascade ignores left in, so a decoder that trips on an unknown field fails here.
enum WildDocuments {
  static let jsonFeed = """
    {
      "version": "https://jsonfeed.org/version/1.1",
      "title": "Field Notes",
      "home_page_url": "https://notes.example.org/",
      "feed_url": "https://notes.example.org/feed.json",
      "next_url": "https://notes.example.org/feed.json?page=2",
      "icon": "https://notes.example.org/icon-512.png",
      "authors": [{"name": "Ada", "url": "https://notes.example.org/ada"}],
      "language": "en-GB",
      "items": [
        {
          "id": "https://notes.example.org/2024/heron",
          "url": "https://notes.example.org/2024/heron",
          "title": "A heron at dawn",
          "content_html": "<p>Seen by the weir.</p>",
          "image": "https://notes.example.org/media/heron.jpg",
          "date_published": "2024-03-02T06:10:00Z",
          "tags": ["birds"]
        },
        {
          "id": "2",
          "content_text": "Only an attachment.",
          "summary": "Moss, close up",
          "attachments": [
            {"url": "https://notes.example.org/a.mp3", "mime_type": "audio/mpeg"},
            {"url": "https://notes.example.org/moss.webp", "mime_type": "image/webp",
             "size_in_bytes": 48213}
          ]
        },
        {"id": "3", "content_text": "No picture at all."}
      ]
    }
    """

  static let rss = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"
      xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel>
        <title>Harbour Photos</title>
        <link>https://photos.example.net/</link>
        <description>Boats &amp; light</description>
        <atom:link href="https://photos.example.net/rss" rel="self" type="application/rss+xml"/>
        <atom:link href="https://photos.example.net/rss?page=2" rel="next"/>
        <image><url>https://photos.example.net/logo.png</url><title>Logo</title>
          <link>https://photos.example.net/</link></image>
        <item>
          <title>Red boat</title>
          <link>https://photos.example.net/p/1</link>
          <guid isPermaLink="false">photo-1</guid>
          <dc:creator>Lena</dc:creator>
          <description><![CDATA[<img src="https://photos.example.net/1.jpg">]]></description>
          <media:content url="https://photos.example.net/1-1024.jpg" medium="image"
            width="1024" height="683" fileSize="210344"/>
          <media:thumbnail url="https://photos.example.net/1-150.jpg" width="150" height="100"/>
        </item>
        <item>
          <title>Nets, drying</title>
          <link>https://photos.example.net/p/2</link>
          <guid>https://photos.example.net/p/2</guid>
          <media:group>
            <media:content url="https://photos.example.net/2.mp4" type="video/mp4"/>
            <media:content url="https://photos.example.net/2.jpg" type="image/jpeg"/>
          </media:group>
        </item>
        <item>
          <title>Enclosure only</title>
          <guid>photo-3</guid>
          <enclosure url="https://photos.example.net/3.png" type="image/png" length="99120"/>
        </item>
        <item><title>A podcast</title><guid>ep-4</guid>
          <enclosure url="https://photos.example.net/4.mp3" type="audio/mpeg" length="1"/></item>
      </channel>
    </rss>
    """

  static let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <title type="text">Moorland Diary</title>
      <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
      <updated>2024-05-01T18:30:02Z</updated>
      <link rel="self" href="https://diary.example.com/atom.xml"/>
      <link rel="next" href="https://diary.example.com/atom.xml?page=2"/>
      <author><name>Sam</name></author>
      <entry>
        <title>Cotton grass</title>
        <id>tag:diary.example.com,2024:1</id>
        <link rel="alternate" type="text/html" href="https://diary.example.com/1"/>
        <link rel="enclosure" type="image/jpeg" href="https://diary.example.com/1.jpg"
          length="1200"/>
        <updated>2024-05-01T18:30:02Z</updated>
        <summary>White tufts.</summary>
      </entry>
      <entry>
        <title>Curlew</title>
        <id>tag:diary.example.com,2024:2</id>
        <link href="https://diary.example.com/2"/>
        <media:thumbnail url="https://diary.example.com/2-thumb.jpg" width="300" height="200"/>
        <content type="html">&lt;p&gt;Calling over the bog.&lt;/p&gt;</content>
      </entry>
    </feed>
    """

  static let reddit = """
    {"kind": "Listing", "data": {"after": "t3_1b2c3d", "dist": 3, "modhash": "", "geo_filter": "",
     "before": null, "children": [
      {"kind": "t3", "data": {"subreddit": "EarthPorn", "title": "Glencoe in the rain [OC]",
        "name": "t3_aaa111", "id": "aaa111", "permalink": "/r/EarthPorn/comments/aaa111/glencoe/",
        "url": "https://i.redd.it/glencoe.jpeg", "ups": 5120, "over_18": false,
        "thumbnail": "https://b.thumbs.redditmedia.com/x.jpg",
        "preview": {"enabled": true, "images": [{"id": "k1",
          "source": {"url": "https://preview.redd.it/glencoe.jpeg?width=4032&amp;format=pjpg&amp;s=abc",
            "width": 4032, "height": 3024},
          "resolutions": [
            {"url": "https://preview.redd.it/glencoe.jpeg?width=108&amp;s=1", "width": 108, "height": 81},
            {"url": "https://preview.redd.it/glencoe.jpeg?width=640&amp;s=2", "width": 640, "height": 480},
            {"url": "https://preview.redd.it/glencoe.jpeg?width=960&amp;s=3", "width": 960, "height": 720}],
          "variants": {}}]}}},
      {"kind": "t3", "data": {"title": "Weekly discussion", "name": "t3_bbb222", "id": "bbb222",
        "permalink": "/r/EarthPorn/comments/bbb222/", "is_self": true, "selftext": "Talk here"}},
      {"kind": "t3", "data": {"title": "Two lochs", "name": "t3_ccc333", "id": "ccc333",
        "permalink": "/r/EarthPorn/comments/ccc333/", "is_gallery": true,
        "gallery_data": {"items": [{"media_id": "m2", "id": 1}, {"media_id": "m1", "id": 2}]},
        "media_metadata": {
          "m1": {"status": "valid", "e": "Image", "m": "image/jpg",
            "s": {"u": "https://preview.redd.it/m1.jpg?width=3000&amp;s=z", "x": 3000, "y": 2000},
            "p": [{"u": "https://preview.redd.it/m1.jpg?width=640&amp;s=y", "x": 640, "y": 426}]},
          "m2": {"status": "valid", "e": "Image", "m": "image/png",
            "s": {"u": "https://preview.redd.it/m2.png?width=800&amp;s=w", "x": 800, "y": 1200},
            "p": []}}}}
     ]}}
    """

  static let mastodon = """
    [
      {"id": "112233", "created_at": "2024-04-01T10:00:00.000Z", "in_reply_to_id": null,
       "sensitive": false, "spoiler_text": "", "visibility": "public", "language": "en",
       "uri": "https://masto.example/users/kim/statuses/112233",
       "url": "https://masto.example/@kim/112233", "replies_count": 2, "reblogs_count": 5,
       "content": "<p>Frost on the window</p>", "reblog": null,
       "account": {"id": "9", "username": "kim", "acct": "kim", "display_name": "Kim"},
       "media_attachments": [
         {"id": "555", "type": "image", "url": "https://files.masto.example/original/frost.jpg",
          "preview_url": "https://files.masto.example/small/frost.jpg", "remote_url": null,
          "meta": {"original": {"width": 1600, "height": 1200, "size": "1600x1200", "aspect": 1.333},
                   "small": {"width": 640, "height": 480, "size": "640x480", "aspect": 1.333},
                   "focus": {"x": 0.0, "y": 0.0}},
          "description": "Ferns of frost on glass", "blurhash": "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH"},
         {"id": "556", "type": "video", "url": "https://files.masto.example/v.mp4",
          "preview_url": "https://files.masto.example/v.png", "meta": {}}],
       "mentions": [], "tags": [], "emojis": [], "card": null, "poll": null},
      {"id": "112234", "url": "https://masto.example/@lee/112234", "content": "<p>No media</p>",
       "reblog": null, "account": {"id": "10", "username": "lee"}, "media_attachments": []}
    ]
    """

  static let unsplash = """
    [{"id": "LBI7cgq3pbM", "slug": "a-man-on-a-hill", "created_at": "2016-05-03T11:00:28Z",
      "width": 5245, "height": 3497, "color": "#60544D", "blur_hash": "LoC%a7IoIVxZ_NM|M{s:%hRjWAo0",
      "likes": 12, "description": "A man drinking coffee.", "alt_description": "man on a hill",
      "urls": {"raw": "https://images.unsplash.com/photo-1?ixid=1", "full": "https://images.unsplash.com/photo-1?q=85",
        "regular": "https://images.unsplash.com/photo-1?w=1080", "small": "https://images.unsplash.com/photo-1?w=400",
        "thumb": "https://images.unsplash.com/photo-1?w=200"},
      "links": {"self": "https://api.unsplash.com/photos/LBI7cgq3pbM",
        "html": "https://unsplash.com/photos/LBI7cgq3pbM", "download": "https://unsplash.com/photos/LBI7cgq3pbM/download"},
      "user": {"id": "pXhwzz1JtQU", "username": "poorkane", "name": "Gilbert Kane"}}]
    """

  static let pexels = """
    {"page": 1, "per_page": 2, "total_results": 8000,
     "next_page": "https://api.pexels.com/v1/curated/?page=2&per_page=2",
     "photos": [
      {"id": 2014422, "width": 3024, "height": 3024, "url": "https://www.pexels.com/photo/2014422/",
       "photographer": "Joey Farina", "photographer_url": "https://www.pexels.com/@joey",
       "photographer_id": 680589, "avg_color": "#978E82", "liked": false, "alt": "Brown rocks",
       "src": {"original": "https://images.pexels.com/photos/2014422/a.jpeg",
         "large2x": "https://images.pexels.com/photos/2014422/a.jpeg?w=940&h=650&dpr=2",
         "large": "https://images.pexels.com/photos/2014422/a.jpeg?h=650&w=940",
         "medium": "https://images.pexels.com/photos/2014422/a.jpeg?h=350",
         "small": "https://images.pexels.com/photos/2014422/a.jpeg?h=130",
         "tiny": "https://images.pexels.com/photos/2014422/a.jpeg?h=200&w=280"}},
      {"id": 2014423, "width": 2000, "height": 3000, "url": "https://www.pexels.com/photo/2014423/",
       "alt": "", "avg_color": "#111111",
       "src": {"large": "https://images.pexels.com/photos/2014423/b.jpeg?h=650&w=940"}}]}
    """

  static let pixabay = """
    {"total": 4692, "totalHits": 500, "hits": [
      {"id": 195893, "pageURL": "https://pixabay.com/en/blossom-bloom-flower-195893/",
       "type": "photo", "tags": "blossom, bloom, flower",
       "previewURL": "https://cdn.pixabay.com/photo/2013/10/15/09/12/flower-195893_150.jpg",
       "previewWidth": 150, "previewHeight": 84,
       "webformatURL": "https://pixabay.com/get/35bbf209e13e39d2_640.jpg",
       "webformatWidth": 640, "webformatHeight": 360,
       "largeImageURL": "https://pixabay.com/get/ed6a99fd0a76647_1280.jpg",
       "imageWidth": 4000, "imageHeight": 2250, "imageSize": 4731420,
       "views": 7671, "downloads": 6439, "likes": 5, "comments": 2,
       "user_id": 48777, "user": "Josch13", "userImageURL": "https://cdn.pixabay.com/user/a.jpg"}]}
    """

  static let urlList = """
    # holiday pictures
    https://pics.example.org/one.jpg

    ./two.png
    /srv/photos/three.webp
    file:///srv/photos/four.gif
    """

  /// Every format's document, for detection.
  /// Flickr's public feed as `format=json&nojsoncallback=1` gives it (tabs and escaped slashes
  /// included); the third photo has no `media`.
  static let flickr = #"""
    {
    		"title": "Recent Uploads tagged harbour",
    		"link": "https:\/\/www.flickr.com\/photos\/tags\/harbour\/",
    		"description": "",
    		"modified": "2024-05-01T10:00:00Z",
    		"generator": "https:\/\/www.flickr.com",
    		"items": [
    	   {
    			"title": "Harbour at dusk",
    			"link": "https:\/\/www.flickr.com\/photos\/someone\/53500001\/",
    			"media": {"m":"https:\/\/live.staticflickr.com\/65535\/53500001_abc_m.jpg"},
    			"date_taken": "2024-04-30T19:00:00-08:00",
    			"description": " <p><a href=\"https:\/\/www.flickr.com\/people\/someone\/\">someone<\/a> posted a photo:<\/p> <p><a href=\"https:\/\/www.flickr.com\/photos\/someone\/53500001\/\" title=\"Harbour at dusk\"><img src=\"https:\/\/live.staticflickr.com\/65535\/53500001_abc_m.jpg\" width=\"240\" height=\"160\" alt=\"Harbour at dusk\" \/><\/a><\/p> ",
    			"published": "2024-05-01T10:00:00Z",
    			"author": "nobody@flickr.com (\"someone\")",
    			"author_id": "1@N00",
    			"tags": "harbour dusk"
    	   },
    	   {
    			"title": "",
    			"link": "https:\/\/www.flickr.com\/photos\/other\/53500002\/",
    			"media": {"m":"https:\/\/live.staticflickr.com\/65535\/53500002_def_m.jpg"},
    			"date_taken": "2024-04-29T08:00:00-08:00",
    			"description": " <p>no picture here<\/p> ",
    			"author_id": "2@N00",
    			"tags": ""
    	   },
    	   {
    			"title": "Gone",
    			"link": "https:\/\/www.flickr.com\/photos\/other\/53500003\/",
    			"date_taken": "2024-04-29T08:00:00-08:00",
    			"description": "",
    			"author_id": "2@N00"
    	   }
    		]
    }
    """#

  /// Giphy's trending answer, shortened: sizes are strings, the first frame has renditions of
  /// its own, a sticker has no still.
  static let giphy = """
    {"data": [
      {"type": "gif", "id": "3o7TKSjRrfIPjeiVyM", "url": "https://giphy.com/gifs/cat-3o7TKSjRrfIPjeiVyM",
       "slug": "cat-3o7TKSjRrfIPjeiVyM", "bitly_gif_url": "https://gph.is/1", "bitly_url": "https://gph.is/1",
       "embed_url": "https://giphy.com/embed/3o7TKSjRrfIPjeiVyM", "username": "", "source": "",
       "title": "Cat Jumping GIF", "rating": "g", "content_url": "", "source_tld": "",
       "is_sticker": 0, "import_datetime": "2016-06-01 20:34:06",
       "images": {
         "original": {"height": "270", "width": "480", "size": "1949305",
           "url": "https://media2.giphy.com/media/3o7TKSjRrfIPjeiVyM/giphy.gif?cid=1&rid=giphy.gif",
           "mp4": "https://media2.giphy.com/media/3o7TKSjRrfIPjeiVyM/giphy.mp4", "frames": "41"},
         "fixed_width": {"height": "113", "width": "200",
           "url": "https://media2.giphy.com/media/3o7TKSjRrfIPjeiVyM/200w.gif?cid=1&rid=200w.gif"},
         "fixed_width_still": {"height": "113", "width": "200",
           "url": "https://media2.giphy.com/media/3o7TKSjRrfIPjeiVyM/200w_s.gif?cid=1&rid=200w_s.gif"}},
       "alt_text": "a cat jumps"},
      {"type": "sticker", "id": "l0HlBO7eyXzSZkJri", "url": "https://giphy.com/stickers/l0HlBO7eyXzSZkJri",
       "embed_url": "https://giphy.com/embed/l0HlBO7eyXzSZkJri", "title": "", "alt_text": "Waving hand",
       "images": {"original": {"height": "480", "width": "360",
         "url": "https://media0.giphy.com/media/l0HlBO7eyXzSZkJri/giphy.gif"}}},
      {"type": "gif", "id": "xT9IgG50Fb7Mi0prBC", "url": "https://giphy.com/gifs/xT9IgG50Fb7Mi0prBC",
       "embed_url": "https://giphy.com/embed/xT9IgG50Fb7Mi0prBC", "title": "Nothing here",
       "images": {}}
     ],
     "pagination": {"total_count": 4000, "count": 3, "offset": 0},
     "meta": {"status": 200, "msg": "OK", "response_id": "abc"}}
    """

  /// Tenor's v2 search answer, shortened.
  static let tenor = """
    {"results": [
      {"id": "16596290870466262486", "title": "", "created": 1.593e9,
       "content_description": "Excited Dog GIF", "itemurl": "https://tenor.com/view/excited-dog-16596290870466262486",
       "url": "https://tenor.com/bdK3W.gif", "tags": ["dog"], "flags": [], "hasaudio": false,
       "media_formats": {
         "gif": {"url": "https://media.tenor.com/AAAAC/excited-dog.gif", "duration": 1.5,
           "preview": "", "dims": [498, 374], "size": 1234567},
         "gifpreview": {"url": "https://media.tenor.com/AAAAe/excited-dog.png", "duration": 0,
           "preview": "", "dims": [640, 480], "size": 80000},
         "tinygif": {"url": "https://media.tenor.com/AAAAM/excited-dog.gif", "duration": 1.5,
           "preview": "", "dims": [220, 165], "size": 90000}}},
      {"id": "2", "title": "Wave", "itemurl": "https://tenor.com/view/wave-2",
       "media_formats": {"tinygif": {"url": "https://media.tenor.com/x/wave.gif", "dims": [220, 300]}}},
      {"id": "3", "content_description": "Audio only", "media_formats": {}}
     ],
     "next": "CAgQrISRwYfbzQIaHgoKAD-_xXdPYjm_5xIQK3w1K5Qn6Fq1a3lJMzSeqzAO"}
    """

  /// Bluesky's getAuthorFeed, shortened: a post with two images, a repost of a video, a quote
  /// post with an image, a labelled post, and a text post.
  static let bluesky = """
    {"feed": [
      {"post": {"uri": "at://did:plc:abc/app.bsky.feed.post/3kq1", "cid": "bafy1",
        "author": {"did": "did:plc:abc", "handle": "kim.bsky.social", "displayName": "Kim"},
        "record": {"$type": "app.bsky.feed.post", "text": "Two frosty mornings", "createdAt": "2024-12-01T08:00:00Z"},
        "embed": {"$type": "app.bsky.embed.images#view", "images": [
          {"thumb": "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk1@jpeg",
           "fullsize": "https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:abc/bafk1@jpeg",
           "alt": "Frost on a leaf", "aspectRatio": {"width": 2000, "height": 1500}},
          {"thumb": "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk2@jpeg",
           "fullsize": "https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:abc/bafk2@jpeg",
           "alt": ""}]},
        "replyCount": 0, "repostCount": 2, "likeCount": 10, "labels": []}},
      {"post": {"uri": "at://did:plc:xyz/app.bsky.feed.post/3kq2", "cid": "bafy2",
        "author": {"did": "did:plc:xyz", "handle": "lee.example.com"},
        "record": {"text": "Waves"},
        "embed": {"$type": "app.bsky.embed.video#view", "cid": "bafv",
          "playlist": "https://video.bsky.app/watch/did%3Aplc%3Axyz/bafv/playlist.m3u8",
          "thumbnail": "https://video.bsky.app/watch/did%3Aplc%3Axyz/bafv/thumbnail.jpg",
          "aspectRatio": {"width": 1080, "height": 1920}}},
       "reason": {"$type": "app.bsky.feed.defs#reasonRepost", "by": {"handle": "kim.bsky.social"}}},
      {"post": {"uri": "at://did:plc:abc/app.bsky.feed.post/3kq3", "cid": "bafy3",
        "author": {"did": "did:plc:abc", "handle": "kim.bsky.social"},
        "record": {"text": "Look at this"},
        "embed": {"$type": "app.bsky.embed.recordWithMedia#view",
          "record": {"record": {"uri": "at://did:plc:q/app.bsky.feed.post/1"}},
          "media": {"$type": "app.bsky.embed.images#view", "images": [
            {"thumb": "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk3@jpeg",
             "alt": "A heron", "aspectRatio": {"width": 800, "height": 1200}}]}},
        "labels": [{"src": "did:plc:abc", "uri": "at://did:plc:abc/app.bsky.feed.post/3kq3",
          "val": "graphic-media", "cts": "2024-12-01T08:00:00Z"}]}},
      {"post": {"uri": "at://did:plc:abc/app.bsky.feed.post/3kq5", "cid": "bafy5",
        "author": {"did": "did:plc:abc", "handle": "kim.bsky.social"},
        "record": {"text": "Worth a read"},
        "embed": {"$type": "app.bsky.embed.external#view", "external": {
          "uri": "https://news.example/tides", "title": "Why the tides are late",
          "description": "A long read",
          "thumb": "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk5@jpeg"}}}},
      {"post": {"uri": "at://did:plc:abc/app.bsky.feed.post/3kq4", "cid": "bafy4",
        "author": {"did": "did:plc:abc", "handle": "kim.bsky.social"},
        "record": {"text": "Just words"}}}
     ],
     "cursor": "2024-12-01T07:59:59.000Z"}
    """

  /// Lemmy's post list, shortened: a picture post with a thumbnail, an image link without
  /// one, a marked post, and a text post.
  static let lemmy = """
    {"posts": [
      {"post": {"id": 101, "name": "Mountain lake at dawn", "url": "https://lemmy.example/pictrs/image/a.jpeg",
        "url_content_type": "image/jpeg", "thumbnail_url": "https://lemmy.example/pictrs/image/a-thumb.webp",
        "ap_id": "https://lemmy.example/post/101", "nsfw": false, "creator_id": 5, "community_id": 7,
        "published": "2024-12-01T08:00:00Z"},
       "creator": {"id": 5, "name": "kim"}, "community": {"id": 7, "name": "pics"},
       "counts": {"score": 40, "comments": 3}},
      {"post": {"id": 102, "name": "Old map", "url": "https://files.example.org/map.png",
        "ap_id": "https://other.example/post/9", "nsfw": false},
       "creator": {"id": 6}, "community": {"id": 7}},
      {"post": {"id": 103, "name": "Marked", "thumbnail_url": "https://lemmy.example/pictrs/image/c.webp",
        "ap_id": "https://lemmy.example/post/103", "nsfw": true},
       "creator": {"id": 6}, "community": {"id": 7}},
      {"post": {"id": 104, "name": "A question", "body": "What lens?", "url": "https://blog.example/lens",
        "url_content_type": "text/html", "ap_id": "https://lemmy.example/post/104"},
       "creator": {"id": 6}, "community": {"id": 7}}
     ],
     "next_page": "Pa46c"}
    """

  /// Wikimedia Commons' API (`generator=categorymembers&prop=imageinfo&iiprop=url|size
  /// &iiurlwidth=640`), shortened: pages keyed by id, a file without a scaled copy, a page that
  /// is not a file.
  static let mediawiki = """
    {"batchcomplete": "", "continue": {"gcmcontinue": "file|4845524f4e|1234", "continue": "gcmcontinue||"},
     "query": {"pages": {
       "2001": {"pageid": 2001, "ns": 6, "title": "File:Heron at dawn.jpg", "imagerepository": "local",
         "imageinfo": [{"thumburl": "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Heron_at_dawn.jpg/640px-Heron_at_dawn.jpg",
           "thumbwidth": 640, "thumbheight": 427, "size": 5000000, "width": 6000, "height": 4000,
           "url": "https://upload.wikimedia.org/wikipedia/commons/a/ab/Heron_at_dawn.jpg",
           "descriptionurl": "https://commons.wikimedia.org/wiki/File:Heron_at_dawn.jpg",
           "descriptionshorturl": "https://commons.wikimedia.org/w/index.php?curid=2001"}]},
       "1500": {"pageid": 1500, "ns": 6, "title": "File:Old map.png",
         "imageinfo": [{"size": 90000, "width": 800, "height": 1200,
           "url": "https://upload.wikimedia.org/wikipedia/commons/c/cd/Old_map.png",
           "descriptionurl": "https://commons.wikimedia.org/wiki/File:Old_map.png"}]},
       "1800": {"pageid": 1800, "ns": 14, "title": "Category:Herons"}
     }}}
    """

  /// Imgur's gallery, shortened: an album whose cover is its second image, a single picture,
  /// a video, and an album listed without its images.
  static let imgur = """
    {"data": [
      {"id": "aB1cD", "title": "My cat through the year", "description": null, "datetime": 1700000000,
       "cover": "img2", "cover_width": 1080, "cover_height": 1350, "account_url": "kim",
       "privacy": "hidden", "layout": "blog", "views": 5000, "link": "https://imgur.com/a/aB1cD",
       "ups": 100, "downs": 2, "points": 98, "score": 120, "is_album": true, "nsfw": false,
       "comment_count": 10, "images_count": 2, "in_gallery": true, "is_ad": false, "tags": [],
       "images": [
         {"id": "img1", "title": null, "description": "January", "type": "image/jpeg", "animated": false,
          "width": 800, "height": 600, "size": 120000, "link": "https://i.imgur.com/img1.jpeg"},
         {"id": "img2", "title": null, "description": "June", "type": "image/jpeg", "animated": false,
          "width": 1080, "height": 1350, "size": 220000, "link": "https://i.imgur.com/img2.jpeg"}]},
      {"id": "xYz9", "title": "Sunset", "type": "image/png", "animated": false, "width": 500,
       "height": 400, "link": "https://i.imgur.com/xYz9.png", "is_album": false, "nsfw": true,
       "in_gallery": true},
      {"id": "vid1", "title": "Dog jumps", "type": "video/mp4", "animated": true, "width": 720,
       "height": 1280, "link": "https://i.imgur.com/vid1.mp4", "mp4": "https://i.imgur.com/vid1.mp4",
       "is_album": false},
      {"id": "alb2", "title": "Trip", "cover": "cov3", "cover_width": 3000, "cover_height": 2000,
       "link": "https://imgur.com/a/alb2", "is_album": true, "images_count": 40}
     ], "success": true, "status": 200}
    """

  static let all: [(FeedFormat, String)] = [
    (.jsonFeed, jsonFeed), (.rss, rss), (.atom, atom), (.reddit, reddit),
    (.mastodon, mastodon), (.unsplash, unsplash), (.pexels, pexels), (.pixabay, pixabay),
    (.flickr, flickr), (.giphy, giphy), (.tenor, tenor), (.bluesky, bluesky), (.lemmy, lemmy),
    (.mediawiki, mediawiki), (.imgur, imgur), (.urlList, urlList),
    (.json, #"{"data": [{"img": "a.jpg", "width": 4, "height": 3}]}"#),
  ]
}
