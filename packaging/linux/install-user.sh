#!/bin/sh
# Put FreeCell in the current user's application menu (no root needed):
# the desktop entry, the AppStream metadata and the icons, under
# ${XDG_DATA_HOME:-~/.local/share}.  The game itself comes from pip or pipx:
#
#   pipx install freecell            # or: pip install --user freecell / a venv
#   sh packaging/linux/install-user.sh
#   sh packaging/linux/install-user.sh --uninstall
#
# The menu entry runs the `freecell` found on PATH now (pipx puts it in
# ~/.local/bin); pass --exec /path/to/freecell to choose another, e.g. a venv's.
set -eu

APP_ID=io.github.freecell.FreeCell
HERE=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
MODE=install
EXEC=

while [ $# -gt 0 ]; do
  case $1 in
    --uninstall) MODE=uninstall ;;
    --exec) shift; EXEC=${1:?--exec needs a path} ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "install-user.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

refresh() {
  command -v update-desktop-database >/dev/null 2>&1 &&
    update-desktop-database -q "$DATA/applications" || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 &&
    gtk-update-icon-cache -q -t "$DATA/icons/hicolor" 2>/dev/null || true
}

if [ "$MODE" = uninstall ]; then
  rm -f "$DATA/applications/$APP_ID.desktop" "$DATA/metainfo/$APP_ID.metainfo.xml"
  find "$DATA/icons/hicolor" -name "$APP_ID.*" -type f -exec rm -f {} + 2>/dev/null || true
  refresh
  echo "FreeCell removed from the menu ($DATA)"
  exit 0
fi

if [ -z "$EXEC" ]; then
  EXEC=$(command -v freecell 2>/dev/null || true)
  if [ -z "$EXEC" ]; then
    echo "install-user.sh: warning: no 'freecell' on PATH yet; the menu entry will run 'freecell'" >&2
    EXEC=freecell
  fi
fi
case $EXEC in
  *[[:space:]\"\'\\\`\$]*) echo "install-user.sh: --exec path must not contain spaces or quotes" >&2; exit 2 ;;
esac

mkdir -p "$DATA/applications" "$DATA/metainfo"
sed -e "s|^Exec=freecell\$|Exec=$EXEC|" -e "s|^TryExec=freecell\$|TryExec=$EXEC|" \
  "$HERE/$APP_ID.desktop" >"$DATA/applications/$APP_ID.desktop"
cp "$HERE/$APP_ID.metainfo.xml" "$DATA/metainfo/"
(cd "$HERE/icons" && find hicolor -name "$APP_ID.*" -type f) | while read -r icon; do
  mkdir -p "$DATA/icons/$(dirname "$icon")"
  cp "$HERE/icons/$icon" "$DATA/icons/$icon"
done
refresh
echo "FreeCell added to the menu ($DATA/applications/$APP_ID.desktop, Exec=$EXEC)"
