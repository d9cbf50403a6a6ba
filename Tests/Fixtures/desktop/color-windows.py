#!/usr/bin/python3
"""Shows windows of known colors at known places on an X display, for the sampler's tests.

Usage: color-windows.py  (on $DISPLAY; prints "ready" once every window is drawn, then runs
until killed or until its parent process is gone). The layout, in root pixels:

  everything else     #202020 (a full-screen background window)
  100,100 200x150     #ff0000
  400,100 200x150     #3366cc
  x 700, y 100..399   a 1-pixel vertical line #00ff7f on the background
  100,400 256x64      a gradient: pixel (100+i, 400+j) is (i, 4*j, 255-i)
"""
import os
import tkinter

root = tkinter.Tk()
root.overrideredirect(True)
width, height = root.winfo_screenwidth(), root.winfo_screenheight()
root.geometry(f"{width}x{height}+0+0")
root.configure(background="#202020", borderwidth=0, highlightthickness=0)


def block(x, y, w, h, color):
    frame = tkinter.Frame(root, background=color, borderwidth=0, highlightthickness=0,
                          width=w, height=h)
    frame.place(x=x, y=y, width=w, height=h)


block(100, 100, 200, 150, "#ff0000")
block(400, 100, 200, 150, "#3366cc")
block(700, 100, 1, 300, "#00ff7f")

gradient = tkinter.PhotoImage(width=256, height=64)
rows = []
for j in range(64):
    rows.append("{" + " ".join(f"#{i:02x}{4 * j:02x}{255 - i:02x}" for i in range(256)) + "}")
gradient.put(" ".join(rows), to=(0, 0))
# A canvas rather than a label: it needs no font, so the fixture runs with any fontconfig
# configuration (the tests' own holds only the test fonts).
canvas = tkinter.Canvas(root, borderwidth=0, highlightthickness=0, width=256, height=64)
canvas.create_image(0, 0, image=gradient, anchor="nw")
canvas.place(x=100, y=400, width=256, height=64)

root.update_idletasks()
root.update()
root.after(200, lambda: (print("ready", flush=True)))
parent = os.getppid()


def watch_parent():
    if os.getppid() != parent:
        os._exit(0)
    root.after(500, watch_parent)


root.after(500, watch_parent)
root.mainloop()
