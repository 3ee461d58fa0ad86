"""local_dp 页面的中文文本（与 ui/text/local_dp.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "本地差分隐私：协议、RAPPOR、洗牌",
    "intro": (
        "没有人信任数据收集者：每个用户把自己在 d 个类别中的答案随机化后再发送。综述中的各种频率估计协议"
        "（frequency oracle）在编码方式、发送的比特数和误差大小上各不相同。本页一切都是用侧栏随机种子做的**模拟**。"
    ),
    "tab_oracles": "1. 频率估计协议",
    "tab_choose": "2. 选哪种协议？",
    "tab_post": "3. 后处理",
    "tab_rappor": "4. RAPPOR",
    "tab_central": "5. 中心化与本地",
    "tab_shuffle": "6. 洗牌模型",
    "tab_poison": "7. 投毒攻击",
    # --- controls
    "column": "列（每个用户报告的答案）",
    "users": "用户数",
    "users_data": "数据中的人",
    "users_help": "内置数据集只有几百人，对本地差分隐私来说太少。选更大的数，会按该列的比例模拟这么多用户。",
    "epsilon": "每份报告的 ε",
    "repeats": "重复运行次数（用于实测方差）",
    "oracle": "协议",
    "domain": "值域大小 d（类别数）",
    "n": "用户数 n",
    "accuracy": "想要的精度：每个比例在 ± 之内",
    "epsilon0": "每份报告的 ε₀",
    "target": "攻击者要推高的项",
    "fake_share": "假用户（相对真实用户的比例）",
    "no_column": "这个数据集没有取值个数在 2 到 {max} 之间的列：请在侧栏换一个数据集。",
    # --- population
    "population_simulated": "**模拟**：{users} 个用户，按列 *{column}* 的比例生成（数据中有 {n}）。",
    "population_data": "列 *{column}* 中的 {n}，每人报告自己的答案（对他们报告的**模拟**）。",
    "categories_public": "它的 {d} 个类别来自数据集声明的（公开的）类别表。",
    "categories_found": "它的 {d} 个类别取自数据中出现的值；真实部署时，这张类别表要事先公开确定。",
    # --- oracle names
    "oracle_grr": "GRR",
    "oracle_sue": "SUE（RAPPOR）",
    "oracle_oue": "OUE",
    "oracle_blh": "BLH",
    "oracle_olh": "OLH",
    "oracle_hr": "Hadamard",
    "oracle_kss": "k-子集",
    # --- shared chart words
    "category_axis": "类别",
    "share_axis": "用户比例",
    "series_title": "协议",
    "truth": "真实比例",
    "points": "±{pp} 个百分点",
    # --- tab 1
    "oracles_chart_title": "真实比例（柱）与\n各协议的估计\n（点，一次运行，ε = {eps}）",
    "col_oracle": "协议",
    "col_bits": "每个用户发送的比特数",
    "col_table2": "n · 方差（表 2）",
    "col_exact": "n · 方差（精确）",
    "col_measured": "n · 方差（实测）",
    "col_error": "一个比例的典型误差",
    "oracles_summary": (
        "每种协议在同样的 {n} 个用户上运行了 {repeats} 次（d = {d}，ε = {eps}）。“表 2”是综述给出的稀有类别"
        "的方差；“精确”加上了与每个类别比例有关的那一项；“实测”是这 {repeats} 次估计的方差。三者在 {repeats} "
        "次运行的随机性范围内一致。这里方差最小的是 **{best}**。"
    ),
    "oracles_glossary": (
        "**GRR**（直接编码）发送答案本身，以 e^ε/(e^ε+d−1) 的概率为真。**SUE**（基本 RAPPOR）和 **OUE** "
        "为每个类别发送一个比特，各自以不同概率翻转。**BLH** 和 **OLH** 用随机哈希函数把答案映射到 2 个或 "
        "e^ε+1 个值上，再对哈希值做随机响应。**Hadamard** 发送 Hadamard 码的一个比特。**k-子集** 发送一个含 k "
        "个类别的集合，它包含真实答案的可能性更大。"
    ),
    # --- tab 2
    "mse_axis": "一个比例的典型误差\n（百分点）",
    "post_error_axis": "典型误差（百分点）",
    "epsilon_axis": "ε",
    "domain_axis": "值域大小 d",
    "by_epsilon_title": "误差随 ε 的变化（标记：ε = {eps}）\n（粗线：此处最好的协议）",
    "by_domain_title": "ε = {eps} 时误差随 d 的变化\n（虚线左侧 GRR 最好）",
    "here_note": "此处：{oracle}",
    "crossover_note": "d = 3e^ε + 2 ≈ {d}",
    "choose_summary": (
        "在 ε = {eps}、d = {d} 个类别、n = {n} 个用户时，最好的协议是 **{best}**：一个比例的典型误差约为 "
        "±{error} 个百分点，每个用户发送 {bits} 比特。"
    ),
    "choose_rule": (
        "GRR 的典型误差是它的 {ratio} 倍。综述的经验法则："
        "d < 3e^ε + 2（这里约为 {crossover}）时用 GRR，更大时用 OUE 或 OLH（OLH 发送的比特更少，OUE 计算更简单）。"
    ),
    "kss_note": "k-子集（每个用户发送 k = {k} 个类别的集合）在这里略胜一筹：{other} 的误差大 {percent}，但发送的比特少得多。",
    # --- tab 3
    "post_none": "原始估计（无偏）",
    "post_clip": "负值截为 0",
    "post_normalize": "平移使总和为 100%",
    "post_norm_sub": "Norm-Sub",
    "post_simplex": "投影到单纯形",
    "post_method": "后处理方法",
    "post_chart_title": "协议在 ε = {eps} 时的一次运行：\n原始估计与投影之后",
    "post_errors_title": "ε = {eps} 时各种后处理之后的典型误差\n（多次运行的均方根误差）",
    "post_summary": (
        "{oracle} 这次的原始估计中，{d} 个里有 {negative} 个小于零，加起来是 {total}。后处理只用公布的估计值，"
        "不消耗隐私预算。在 {repeats} 次运行中，这里最好的方法是 **{best}**，典型误差比原始估计低 {gain}。"
        "只要正的估计值加起来至少 100%，Norm-Sub（把负值设为零，其余统一下移）与投影到单纯形得到的数就完全相同。"
        "代价是一点偏差：稀有类别会被估得略高。"
    ),
    # --- tab 4
    "bloom_k": "布隆过滤器长度 k（比特）",
    "hashes": "哈希函数个数 h",
    "permanent_f": "永久随机化参数 f",
    "days": "一个用户报告的天数",
    "rappor_decoded": "收集者解码的结果",
    "rappor_chart_title": "RAPPOR：真实比例与\n收集者从每人一份报告中\n解码出的比例",
    "rappor_summary": (
        "每个用户用 {h} 个哈希函数把答案哈希进一个 {k} 比特的布隆过滤器（用户分成 {m} 个群组，每组有自己的哈希函数），"
        "保留一份**永久**随机化的副本（每个比特以 f = {f} 的概率被换成抛硬币的结果），每天发送这份副本的一次**瞬时**"
        "随机化（p = 0.5，q = 0.75）。一份报告满足 ε₁ = {eps_one} 的差分隐私；同一个值的所有报告合起来最多是 "
        "ε∞ = {eps_inf}，无论报告多少天。收集者知道候选答案，用非负最小二乘解码出它们的比例：这里 {n} 个用户时，"
        "一个比例的误差约为 ±{error} 个百分点。"
    ),
    "rappor_match_permanent": "猜测与永久副本 B′ 一致",
    "rappor_match_true": "猜测与真实布隆过滤器 B 一致",
    "rappor_series": "对一个用户的报告取平均的攻击者",
    "rappor_days_title": "对一个用户多天的报告取平均：\n攻击者猜对的比特比例",
    "days_axis": "报告天数",
    "bits_right_axis": "猜对的比特",
    "rappor_days_summary": (
        "一个用户连续 {days} 天发送同一个答案。对所有报告取平均的攻击者能还原永久副本 B′（{permanent} 的比特猜对），"
        "却还原不了真实的布隆过滤器 B（{true} 猜对）：永久化这一步一次性地、永远地改变了这个用户 {differ} 的比特，"
        "所以无论多少天，泄露的都不会超过 ε∞ = {eps_inf}。没有这一步，取平均就会还原出 B，答案也随之暴露。"
    ),
    # --- tab 5
    "local_line": "本地：{oracle}",
    "local_best_line": "本地：最好的协议",
    "central_line": "中心化：拉普拉斯直方图",
    "model_title": "模型",
    "central_chart_title": "ε = {eps} 时一个比例的典型误差\n随用户数的变化\n（叉号：所选的 n）",
    "users_axis": "用户数 n",
    "error_axis": "一个比例的典型误差（百分点）",
    "col_model": "模型",
    "col_error_at_n": "n = {n} 时的典型误差",
    "col_needed": "95% 把握达到 ±{pp} 个百分点所需的用户数",
    "central_summary": (
        "在 n = {n} 时，本地估计的误差是中心化的 {ratio} 倍（√n = {sqrt}）：中心化误差按 1/n 缩小，本地误差按 "
        "1/√n 缩小，所以差距按 √n 增长（教材 6.4 节）。要以 95% 的把握达到 ±{pp} 个百分点，本地模型需要的用户"
        "是中心化的 {times} 倍。中心化模型需要一个人人信任的数据管理者；本地模型谁也不用信任。"
    ),
    # --- tab 6
    "shuffle_numeric": "ε₀ = {eps0}，数值上界",
    "shuffle_closed": "ε₀ = {eps0}，闭式上界",
    "shuffle_series": "每个用户的 ε₀",
    "shuffle_chart_title": "洗牌之后的中心化 ε\n随用户数的变化（Feldman、\nMcMillan、Talwar，2021）",
    "central_eps_axis": "洗牌后报告的中心化 ε",
    "shuffle_note": "ε ≤ {eps}",
    "class_note": "30 人的班级",
    "closed_value": "闭式上界为 {eps}",
    "closed_not_applicable": "闭式上界在这个 n 下不适用（它要求 ε₀ ≤ ln(n / (16 ln(2/δ)))）",
    "shuffle_summary": (
        "{n} 个用户各发送一份 ε₀ = {eps0} 的本地报告；洗牌者去掉发送者身份并打乱顺序。收集者看到的结果满足 "
        "(ε, δ)-差分隐私，其中 δ = {delta} 时 ε ≤ **{central}**（数值上界；{closed}）。洗牌不会让隐私变差："
        "上界从不超过 ε₀。在 {class_size} 人的班级里上界是 {in_class}，即 ε₀ 的 {kept}：能藏身其中的人太少，"
        "洗牌几乎没有放大效果。"
    ),
    # --- tab 7
    "poison_chart_title": "假用户把目标项的估计\n推高了多少（柱：模拟；\n黑色刻度：论文公式）",
    "gain_axis": "目标项估计比例的上升（百分点）",
    "gain_expected": "预期上升（百分点）",
    "poison_summary": (
        "{m} 个假用户（相当于 {n} 个真实用户的 {share}）发送精心构造的报告来推高 *{target}*（真实比例 {true}）。"
        "估计上升最多的是 **{most}**（+{most_pp} 个百分点），最少的是 **{least}**（+{least_pp} 个百分点）。"
        "上升幅度随协议自身的噪声增大：收集者为抵消随机化会把每份报告按比例放大，伪造的也不例外，所以协议越嘈杂"
        "（d 很大时的 GRR，或 ε 很小时的任何协议），假用户推得越远。隐私越强，抵御投毒越弱（Cao、Jia、Gong，2021）。"
    ),
}
