# `xlayout draw SHAPE`: the linear index of each element, then the memory slot by slot. Expected values:
# the figures of XLA's "Tiled layout" and the listings of its "Shapes and layout", checked number by number.

# "Tiled layout", figure 1: F32[3,5] in 2x2 tiles. Tile (0,0) holds slots 0-3, tile (0,1) 4-7, tile (0,2) 8-11
# with (0,5) and (1,5) missing (padding 9, 11), tile (1,0) 12-15 without row 3, and so on: 17 is (2,3).
$ xlayout draw 'f32[3,5]{1,0:T(2,2)}'
f32[3,5]{1,0:T(2,2)}: 15 elements in 24 slots (9 of padding)

linear index of each element (rows: dimension 0, columns: dimension 1); '|' and '-' separate tiles:
       0  1    2  3    4
  0:   0  1 |  4  5 |  8
  1:   2  3 |  6  7 | 10
     -------+-------+---
  2:  12 13 | 16 17 | 20

memory order (one line per tile (2,2); '.' is padding):
   0:  (0,0) (0,1) (1,0) (1,1)
   4:  (0,2) (0,3) (1,2) (1,3)
   8:  (0,4)   .   (1,4)   .
  12:  (2,0) (2,1)   .     .
  16:  (2,2) (2,3)   .     .
  20:  (2,4)   .     .     .

# "Tiled layout", figure 2: 4x8 tiled (2,4) then (2,1): "0 2 4 6 8 10 12 14 / 1 3 5 7 9 11 13 15 / 16 18 ... /
# 17 19 ..."; each 2x1 sub-tile is two consecutive slots.
$ xlayout draw 'f32[4,8]{1,0:T(2,4)(2,1)}'
f32[4,8]{1,0:T(2,4)(2,1)}: 32 elements in 32 slots

linear index of each element (rows: dimension 0, columns: dimension 1); '|' and '-' separate tiles:
       0  1  2  3    4  5  6  7
  0:   0  2  4  6 |  8 10 12 14
  1:   1  3  5  7 |  9 11 13 15
     -------------+------------
  2:  16 18 20 22 | 24 26 28 30
  3:  17 19 21 23 | 25 27 29 31

memory order (one line per tile (2,4), sub-tiles (2,1); '.' is padding):
   0:  (0,0) (1,0)  (0,1) (1,1)  (0,2) (1,2)  (0,3) (1,3)
   8:  (0,4) (1,4)  (0,5) (1,5)  (0,6) (1,6)  (0,7) (1,7)
  16:  (2,0) (3,0)  (2,1) (3,1)  (2,2) (3,2)  (2,3) (3,3)
  24:  (2,4) (3,4)  (2,5) (3,5)  (2,6) (3,6)  (2,7) (3,7)

# "Shapes and layout": a b c / d e f padded to [3,5], column-major: "a d 0 b e 0 c f 0 0 0 0 0 0 0".
$ xlayout draw 'f32[2,3]{0,1:pad(3,5)}'
f32[2,3]{0,1:pad(3,5)}: 6 elements in 15 slots (9 of padding)

linear index of each element (rows: dimension 0, columns: dimension 1):
      0 1 2
  0:  0 3 6
  1:  1 4 7

memory order (one line per 3 slots; '.' is padding):
   0:  (0,0) (1,0)   .
   3:  (0,1) (1,1)   .
   6:  (0,2) (1,2)   .
   9:    .     .     .
  12:    .     .     .

# Rank 3: one grid per leading index. Each [i, :, :] is a 3x4 array in 2x2 tiles (2x2 tiles of 4 slots,
# 16 slots), the second one starting at 16.
$ xlayout draw 'f32[2,3,4]{2,1,0:T(2,2)}'
f32[2,3,4]{2,1,0:T(2,2)}: 24 elements in 32 slots (8 of padding)

linear index of each element (rows: dimension 1, columns: dimension 2); '|' and '-' separate tiles:
[0, :, :]
       0  1    2  3
  0:   0  1 |  4  5
  1:   2  3 |  6  7
     -------+------
  2:   8  9 | 12 13

[1, :, :]
       0  1    2  3
  0:  16 17 | 20 21
  1:  18 19 | 22 23
     -------+------
  2:  24 25 | 28 29

memory order (one line per tile (2,2); '.' is padding):
   0:  (0,0,0) (0,0,1) (0,1,0) (0,1,1)
   4:  (0,0,2) (0,0,3) (0,1,2) (0,1,3)
   8:  (0,2,0) (0,2,1)    .       .
  12:  (0,2,2) (0,2,3)    .       .
  16:  (1,0,0) (1,0,1) (1,1,0) (1,1,1)
  20:  (1,0,2) (1,0,3) (1,1,2) (1,1,3)
  24:  (1,2,0) (1,2,1)    .       .
  28:  (1,2,2) (1,2,3)    .       .

# Rank 1: one row; 5 elements in tiles of 2 take 6 slots.
$ xlayout draw 'f32[5]{0:T(2)}'
f32[5]{0:T(2)}: 5 elements in 6 slots (1 of padding)

linear index of each element (columns: dimension 0); '|' and '-' separate tiles:
     0 1   2 3   4
     0 1 | 2 3 | 4

memory order (one line per tile (2); '.' is padding):
  0:  (0) (1)
  2:  (2) (3)
  4:  (4)  .

# Rank 0.
$ xlayout draw 'f32[]'
f32[]: 1 element in 1 slot

linear index of the element: 0

memory order (one line per 16 slots; '.' is padding):
  0:  ()

# --json: the linear indices nested like the array; the memory, one entry per slot (null: padding).
# "Shapes and layout": minor_to_major {0,1} gives "a d b e c f".
$ xlayout draw 'f32[2,3]{0,1}' --json
{"shape": "f32[2,3]{0,1}", "required_span_size": 6, "linear_index": [[0, 2, 4], [1, 3, 5]], "memory": [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]]}

$ xlayout draw 'f32[5]{0:T(2)}' --json
{"shape": "f32[5]{0:T(2)}", "required_span_size": 6, "linear_index": [0, 1, 2, 3, 4], "memory": [[0], [1], [2], [3], [4], null]}

# Large shapes are summarised: 32 rows, the columns that fit in about 100 characters, 256 slots (rounded up
# to whole lines). Slot n holds (0,n) for n < 1000 (row-major); 1000 divides into lines of 10.
$ xlayout draw 'f32[2,1000]'
f32[2,1000]{1,0}: 2000 elements in 2000 slots

linear index of each element (rows: dimension 0, columns: dimension 1):
         0    1    2    3    4    5    6    7    8    9   10   11   12   13   14  ...
  0:     0    1    2    3    4    5    6    7    8    9   10   11   12   13   14  ...
  1:  1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014  ...
      (2 of 2 rows and 15 of 1000 columns shown)

memory order (one line per 10 slots; '.' is padding):
    0:   (0,0)   (0,1)   (0,2)   (0,3)   (0,4)   (0,5)   (0,6)   (0,7)   (0,8)   (0,9)
   10:   (0,10)  (0,11)  (0,12)  (0,13)  (0,14)  (0,15)  (0,16)  (0,17)  (0,18)  (0,19)
   20:   (0,20)  (0,21)  (0,22)  (0,23)  (0,24)  (0,25)  (0,26)  (0,27)  (0,28)  (0,29)
   30:   (0,30)  (0,31)  (0,32)  (0,33)  (0,34)  (0,35)  (0,36)  (0,37)  (0,38)  (0,39)
   40:   (0,40)  (0,41)  (0,42)  (0,43)  (0,44)  (0,45)  (0,46)  (0,47)  (0,48)  (0,49)
   50:   (0,50)  (0,51)  (0,52)  (0,53)  (0,54)  (0,55)  (0,56)  (0,57)  (0,58)  (0,59)
   60:   (0,60)  (0,61)  (0,62)  (0,63)  (0,64)  (0,65)  (0,66)  (0,67)  (0,68)  (0,69)
   70:   (0,70)  (0,71)  (0,72)  (0,73)  (0,74)  (0,75)  (0,76)  (0,77)  (0,78)  (0,79)
   80:   (0,80)  (0,81)  (0,82)  (0,83)  (0,84)  (0,85)  (0,86)  (0,87)  (0,88)  (0,89)
   90:   (0,90)  (0,91)  (0,92)  (0,93)  (0,94)  (0,95)  (0,96)  (0,97)  (0,98)  (0,99)
  100:  (0,100) (0,101) (0,102) (0,103) (0,104) (0,105) (0,106) (0,107) (0,108) (0,109)
  110:  (0,110) (0,111) (0,112) (0,113) (0,114) (0,115) (0,116) (0,117) (0,118) (0,119)
  120:  (0,120) (0,121) (0,122) (0,123) (0,124) (0,125) (0,126) (0,127) (0,128) (0,129)
  130:  (0,130) (0,131) (0,132) (0,133) (0,134) (0,135) (0,136) (0,137) (0,138) (0,139)
  140:  (0,140) (0,141) (0,142) (0,143) (0,144) (0,145) (0,146) (0,147) (0,148) (0,149)
  150:  (0,150) (0,151) (0,152) (0,153) (0,154) (0,155) (0,156) (0,157) (0,158) (0,159)
  160:  (0,160) (0,161) (0,162) (0,163) (0,164) (0,165) (0,166) (0,167) (0,168) (0,169)
  170:  (0,170) (0,171) (0,172) (0,173) (0,174) (0,175) (0,176) (0,177) (0,178) (0,179)
  180:  (0,180) (0,181) (0,182) (0,183) (0,184) (0,185) (0,186) (0,187) (0,188) (0,189)
  190:  (0,190) (0,191) (0,192) (0,193) (0,194) (0,195) (0,196) (0,197) (0,198) (0,199)
  200:  (0,200) (0,201) (0,202) (0,203) (0,204) (0,205) (0,206) (0,207) (0,208) (0,209)
  210:  (0,210) (0,211) (0,212) (0,213) (0,214) (0,215) (0,216) (0,217) (0,218) (0,219)
  220:  (0,220) (0,221) (0,222) (0,223) (0,224) (0,225) (0,226) (0,227) (0,228) (0,229)
  230:  (0,230) (0,231) (0,232) (0,233) (0,234) (0,235) (0,236) (0,237) (0,238) (0,239)
  240:  (0,240) (0,241) (0,242) (0,243) (0,244) (0,245) (0,246) (0,247) (0,248) (0,249)
  250:  (0,250) (0,251) (0,252) (0,253) (0,254) (0,255) (0,256) (0,257) (0,258) (0,259)
       ... (1740 more slots, 2000 in all)

# A bounded dimension is drawn at its bound (as XLA sizes the buffer), a '?' at its --dims value.
$ xlayout draw 'f32[<=2,3]' --json
{"shape": "f32[<=2,3]{1,0}", "sized_as": "f32[2,3]{1,0}", "required_span_size": 6, "linear_index": [[0, 1, 2], [3, 4, 5]], "memory": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]}

$ xlayout draw 'f32[?]{0:T(2)}' --dims 3
f32[?]{0:T(2)} is drawn as f32[3]{0:T(2)} ('<=N' by its bound, as XLA sizes the buffer; '?' by --dims)

f32[3]{0:T(2)}: 3 elements in 4 slots (1 of padding)

linear index of each element (columns: dimension 0); '|' and '-' separate tiles:
     0 1   2
     0 1 | 2

memory order (one line per tile (2); '.' is padding):
  0:  (0) (1)
  2:  (2)  .
