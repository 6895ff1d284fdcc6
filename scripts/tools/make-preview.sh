#!/usr/bin/env bash
# Makes py-101's preview from scratch: slides drawn by ffmpeg, a voice synthesized by espeak-ng,
# and captions timed from the same sentences, so what the captions say is what is spoken.
#
#   scripts/tools/make-preview.sh        (needs: apt-get install -y ffmpeg espeak-ng fonts-dejavu-core)
#
# Writes public/videos/py-101.mp4 (H.264 + AAC), py-101.en.vtt and py-101-poster.jpg. Not run by
# the build or CI: the outputs are committed. Re-run it after editing the slides or the script.
set -euo pipefail

cd "$(dirname "$0")/.."
out=public/videos
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mono=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf

# One line per cue: slide number | slide title | code shown on the slide | the sentence spoken.
cues=$(cat <<'CUES'
1|Python for Absolute Beginners|Lecture: Defining a function|Welcome to Python for Absolute Beginners.
1|Python for Absolute Beginners|Lecture: Defining a function|In this preview, we write our first function.
2|A function has a name|def greet(name):|A function is a named piece of code that you can run again and again.
2|A function has a name|def greet(name):|We start with the word def, then the name, then the inputs in brackets.
3|It does some work|    return "Hello, " + name|Inside, indented, is the work it does.
3|It does some work|    return "Hello, " + name|The return line hands the answer back.
4|Then you call it|print(greet("Maya"))|Now we call it with a name, and Python prints: Hello, Maya.
5|Your turn|Write a function that doubles a number|Your turn: write a function that doubles a number. See you in the next lecture.
CUES
)

timestamp() { # seconds (float) -> HH:MM:SS.mmm
  awk -v t="$1" 'BEGIN { ms = int(t * 1000 + 0.5); printf "%02d:%02d:%02d.%03d", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60, ms % 1000 }'
}

slide() { # number title code -> $work/slide-N.png
  # drawtext reads text from files: no escaping of quotes and colons in the slide text.
  printf '%s' "$2" >"$work/title-$1.txt"
  printf '%s' "$3" >"$work/code-$1.txt"
  ffmpeg -nostdin -loglevel error -y -f lavfi -i "color=c=0x1c1d1f:s=640x360:d=1" -frames:v 1 -vf "\
drawbox=x=0:y=0:w=640:h=8:color=0x8b5cf6:t=fill,\
drawtext=fontfile=$font:text='Coursely · Python':fontcolor=0xc4b5fd:fontsize=16:x=40:y=40,\
drawtext=fontfile=$bold:textfile=$work/title-$1.txt:fontcolor=white:fontsize=30:x=40:y=110,\
drawbox=x=40:y=190:w=560:h=64:color=0x2d2f31:t=fill,\
drawtext=fontfile=$mono:textfile=$work/code-$1.txt:fontcolor=0xfde68a:fontsize=20:x=56:y=212" \
    "$work/slide-$1.png"
}

gap=0.4
time=0
n=0
vtt="$out/py-101.en.vtt"
: >"$work/audio.txt"
: >"$work/video.txt"
printf 'WEBVTT\n\n' >"$work/captions.vtt"
while IFS='|' read -r number title code sentence; do
  n=$((n + 1))
  [ -f "$work/slide-$number.png" ] || slide "$number" "$title" "$code"
  espeak-ng -v en-us -s 150 -w "$work/cue-$n.wav" "$sentence" </dev/null
  # The same sample rate and layout as the voice, so the concat demuxer can join them.
  ffmpeg -nostdin -loglevel error -y -i "$work/cue-$n.wav" -af "apad=pad_dur=$gap" "$work/cue-$n-padded.wav"
  length=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$work/cue-$n-padded.wav")
  end=$(awk -v a="$time" -v b="$length" -v g="$gap" 'BEGIN { print a + b - g }')
  printf '%s\n%s --> %s\n%s\n\n' "$n" "$(timestamp "$time")" "$(timestamp "$end")" "$sentence" >>"$work/captions.vtt"
  printf "file '%s'\n" "cue-$n-padded.wav" >>"$work/audio.txt"
  printf "file '%s'\nduration %s\n" "slide-$number.png" "$length" >>"$work/video.txt"
  time=$(awk -v a="$time" -v b="$length" 'BEGIN { print a + b }')
  last=$number
done <<<"$cues"
# The concat demuxer ignores the last file's duration unless the file is listed once more.
printf "file '%s'\n" "slide-$last.png" >>"$work/video.txt"

ffmpeg -nostdin -loglevel error -y -f concat -safe 0 -i "$work/audio.txt" -c:a pcm_s16le "$work/voice.wav"
ffmpeg -nostdin -loglevel error -y -f concat -safe 0 -i "$work/video.txt" -i "$work/voice.wav" \
  -vf "fps=12,format=yuv420p" -c:v libx264 -profile:v main -preset veryslow -crf 30 -tune stillimage \
  -c:a aac -b:a 48k -ac 1 -ar 22050 -shortest -movflags +faststart "$out/py-101.mp4"
cp "$work/captions.vtt" "$vtt"
ffmpeg -nostdin -loglevel error -y -i "$work/slide-1.png" -q:v 5 "$out/py-101-poster.jpg"

ls -l "$out"/py-101*
